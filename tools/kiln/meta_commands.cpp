#include "meta_commands.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include <kiln/kiln.h>

#include "error_printer.h"
#include "table_printer.h"

namespace kiln::shell {

namespace {

constexpr std::string_view helpText = R"(General
  \q                     quit kiln
  \?                     show this help
  \i FILE                run the statements in FILE
  \copy ...              COPY (e.g. \copy t TO 'file.csv' (FORMAT csv, HEADER))
  \echo [-n] [TEXT]      write TEXT to standard output (-n: without a newline)

Informational
  \d                     list tables
  \d NAME                describe table NAME
  \dt [PATTERN]          list tables (whose names match PATTERN: * any characters, ? one)

Formatting
  \format [table|csv|json]
                         show or set the output format
  \timing [on|off]       toggle or set timing of statements
  \x [on|off]            toggle or set expanded display (a block per row)

Statements end with ';' and may span several lines.
)";

/// Words separated by blanks; a part between `quote`s may contain blanks. With `keepQuotes` the
/// quotes stay in the word ("Quoted" names); otherwise they go, and a doubled quote inside stands
/// for one (psql's 'text').
std::vector<std::string> splitWords(std::string_view text, char quote = '"', bool keepQuotes = true) {
   std::vector<std::string> words;
   size_t i = 0;
   while (i < text.size()) {
      if (std::isspace(static_cast<unsigned char>(text[i]))) {
         ++i;
         continue;
      }
      std::string word;
      bool quoted = false;
      for (; i < text.size() && (quoted || !std::isspace(static_cast<unsigned char>(text[i]))); ++i) {
         if (text[i] != quote || keepQuotes) {
            if (text[i] == quote) quoted = !quoted;
            word += text[i];
         } else if (quoted && i + 1 < text.size() && text[i + 1] == quote) {
            word += quote;
            ++i;
         } else {
            quoted = !quoted;
         }
      }
      words.push_back(std::move(word));
   }
   return words;
}

/// SQL's identifier rules: unquoted names fold to lower case, "Quoted" ones keep their case.
std::string tableName(const std::string& word) {
   if (word.size() >= 2 && word.front() == '"' && word.back() == '"') {
      std::string name;
      for (size_t i = 1; i + 1 < word.size(); ++i) {
         name += word[i];
         if (word[i] == '"' && word[i + 1] == '"') ++i;
      }
      return name;
   }
   std::string name = word;
   std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
   return name;
}

Outcome fail(MetaContext& context, const std::string& message) {
   context.out.flush();
   context.err << message << '\n' << std::flush;
   return Outcome::Failed;
}

void confirm(MetaContext& context, const std::string& message) {
   if (context.interactive) context.out << message << '\n';
}

/// psql's name patterns: `*` any characters, `?` any one; a name is matched whole.
bool matchesPattern(std::string_view name, std::string_view pattern) {
   if (pattern.empty()) return name.empty();
   if (pattern[0] == '*') return matchesPattern(name, pattern.substr(1)) || (!name.empty() && matchesPattern(name.substr(1), pattern));
   if (name.empty() || (pattern[0] != '?' && pattern[0] != name[0])) return false;
   return matchesPattern(name.substr(1), pattern.substr(1));
}

/// The tables, or those whose names match `pattern` (psql's \dt PATTERN).
Outcome listTables(MetaContext& context, const std::string* pattern = nullptr) {
   std::vector<TableInfo> tables = context.database.tables();
   if (pattern) std::erase_if(tables, [&](const TableInfo& info) { return !matchesPattern(info.name, *pattern); });
   if (tables.empty()) {
      context.out << (pattern ? "Did not find any relation named \"" + *pattern + "\".\n" : "Did not find any tables.\n");
      return Outcome::Ok;
   }
   std::sort(tables.begin(), tables.end(), [](const TableInfo& a, const TableInfo& b) { return a.name < b.name; });
   TextTable table;
   table.title = "List of tables";
   table.headers = {"Name", "Columns", "Rows"};
   table.rightAligned = {false, true, true};
   for (const TableInfo& info : tables) table.rows.push_back({info.name, std::to_string(info.columns.size()), std::to_string(info.rowCount)});
   table.footers.push_back(rowCountFooter(tables.size()));
   printTextTable(table, context.out);
   return Outcome::Ok;
}

Outcome describeTable(MetaContext& context, const std::string& name) {
   TableInfo info = context.database.table(name);
   TextTable table;
   table.title = "Table \"" + info.name + "\"";
   table.headers = {"Column", "Type", "Nullable", "Default"};
   table.rightAligned = {false, false, false, false};
   for (const ColumnInfo& column : info.columns)
      table.rows.push_back({column.name, column.type.toString(), column.notNull ? "not null" : "", column.defaultValue});
   // The footers psql writes.
   auto section = [&](const char* title, const std::vector<std::string>& lines) {
      if (lines.empty()) return;
      table.footers.push_back(title);
      for (const std::string& line : lines) table.footers.push_back("    " + line);
   };
   std::vector<std::string> indexes, checks, foreignKeys, referencedBy;
   for (const IndexInfo& index : info.indexes) {
      std::string columns;
      for (const std::string& column : index.columns) columns += (columns.empty() ? "" : ", ") + column;
      indexes.push_back("\"" + index.name + "\" " +
                        (index.primaryKey   ? "PRIMARY KEY, "
                         : index.constraint ? "UNIQUE CONSTRAINT, "
                         : index.unique     ? "UNIQUE, "
                                            : "") +
                        index.method + " (" + columns + ")");
   }
   for (const ConstraintInfo& check : info.checks) checks.push_back("\"" + check.name + "\" " + check.definition);
   for (const ConstraintInfo& key : info.foreignKeys) foreignKeys.push_back("\"" + key.name + "\" " + key.definition);
   for (const ConstraintInfo& key : info.referencedBy) referencedBy.push_back("TABLE \"" + key.table + "\" CONSTRAINT \"" + key.name + "\" " + key.definition);
   section("Indexes:", indexes);
   section("Check constraints:", checks);
   section("Foreign-key constraints:", foreignKeys);
   section("Referenced by:", referencedBy);
   printTextTable(table, context.out);
   return Outcome::Ok;
}

Outcome describe(MetaContext& context, const std::vector<std::string>& arguments) {
   if (arguments.size() > 1) return fail(context, "\\d: too many arguments; usage: \\d [TABLE]");
   try {
      return arguments.empty() ? listTables(context) : describeTable(context, tableName(arguments[0]));
   } catch (const std::exception& error) {
      context.out.flush();
      printError(error, "", context.err);
      return Outcome::Failed;
   }
}

Outcome listMatchingTables(MetaContext& context, const std::vector<std::string>& arguments) {
   if (arguments.size() > 1) return fail(context, "\\dt: too many arguments; usage: \\dt [PATTERN]");
   if (arguments.empty()) return listTables(context);
   std::string pattern = tableName(arguments[0]);
   return listTables(context, &pattern);
}

/// A switch set by `\command [on|off]` (toggled without an argument); `what` is confirmed as on/off.
Outcome toggle(MetaContext& context, const std::string& command, const std::vector<std::string>& arguments, bool& setting, const std::string& what) {
   if (arguments.size() > 1) return fail(context, command + ": too many arguments; usage: " + command + " [on|off]");
   if (arguments.empty()) setting = !setting;
   else if (arguments[0] == "on") setting = true;
   else if (arguments[0] == "off") setting = false;
   else return fail(context, command + ": unrecognized value \"" + arguments[0] + "\": on or off expected");
   confirm(context, what + (setting ? " is on." : " is off."));
   return Outcome::Ok;
}

Outcome format(MetaContext& context, const std::vector<std::string>& arguments) {
   if (arguments.size() > 1) return fail(context, "\\format: too many arguments; usage: \\format [table|csv|json]");
   if (!arguments.empty()) {
      std::optional<OutputFormat> format = parseOutputFormat(arguments[0]);
      if (!format) return fail(context, "\\format: unknown format \"" + arguments[0] + "\"; allowed formats are table, csv, json");
      context.settings.format = *format;
   }
   confirm(context, "Output format is " + std::string(outputFormatName(context.settings.format)) + ".");
   return Outcome::Ok;
}

/// psql's \echo: the arguments separated by one blank; a 'quoted' argument loses its quotes
/// ('' inside stands for one) and keeps its blanks.
Outcome echo(MetaContext& context, std::string_view arguments) {
   std::vector<std::string> words = splitWords(arguments, '\'', false);
   bool newline = words.empty() || words[0] != "-n";
   if (!newline) words.erase(words.begin());
   for (size_t i = 0; i < words.size(); ++i) context.out << (i ? " " : "") << words[i];
   if (newline) context.out << '\n';
   context.out.flush();
   return Outcome::Ok;
}

/// psql's \restrict KEY and \unrestrict KEY.
Outcome restriction(MetaContext& context, const std::string& command, const std::vector<std::string>& arguments) {
   if (arguments.size() != 1) return fail(context, command + ": missing required argument");
   const std::string& key = arguments[0];
   std::string& restricted = context.settings.restrictKey;
   if (command == "\\unrestrict") {
      if (restricted.empty()) return fail(context, command + ": not currently in restricted mode");
      if (key != restricted) return fail(context, command + ": wrong key");
      restricted.clear();
      return Outcome::Ok;
   }
   if (!restricted.empty()) return fail(context, "backslash commands are restricted; only \\unrestrict is allowed");
   if (!std::all_of(key.begin(), key.end(), [](unsigned char c) { return std::isalnum(c); }))
      return fail(context, command + ": restrict key may only contain alphanumeric characters");
   restricted = key;
   return Outcome::Ok;
}

}  // namespace

Outcome runMetaCommand(std::string_view line, MetaContext& context) {
   // Its text is written as given, a final ';' included.
   if (line.substr(0, 5) == "\\echo" && (line.size() == 5 || std::isspace(static_cast<unsigned char>(line[5])))) return echo(context, line.substr(5));
   // psql users habitually end commands with ';' (\d t;), which is never part of a name.
   size_t end = line.find_last_not_of(" \t\r\n;");
   line = line.substr(0, end == std::string_view::npos ? 0 : end + 1);
   std::vector<std::string> words = splitWords(line);
   std::string command = words.empty() ? "" : words[0];
   std::vector<std::string> arguments(words.begin() + (words.empty() ? 0 : 1), words.end());
   if (command == "\\restrict" || command == "\\unrestrict") return restriction(context, command, arguments);
   if (!context.settings.restrictKey.empty()) return fail(context, "backslash commands are restricted; only \\unrestrict is allowed");
   if (command == "\\q" || command == "\\quit") return Outcome::Quit;
   if (command == "\\?") {
      context.out << helpText;
      return Outcome::Ok;
   }
   if (command == "\\d") return describe(context, arguments);
   if (command == "\\dt") return listMatchingTables(context, arguments);
   if (command == "\\timing") return toggle(context, command, arguments, context.settings.timing, "Timing");
   if (command == "\\x") return toggle(context, command, arguments, context.settings.expanded, "Expanded display");
   if (command == "\\format") return format(context, arguments);
   return fail(context, "invalid command " + command + "\nTry \\? for help.");
}

}  // namespace kiln::shell
