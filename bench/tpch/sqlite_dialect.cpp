#include "sqlite_dialect.h"

#include <cctype>
#include <regex>

namespace kiln::bench {

namespace {

constexpr auto icase = std::regex::ECMAScript | std::regex::icase;

std::string replaceDateLiterals(const std::string& sql) {
   static const std::regex castDate(R"(CAST\s*\(\s*('[^']*')\s+AS\s+date\s*\))", icase);
   static const std::regex dateLiteral(R"(\bdate\s+('[^']*'))", icase);
   return std::regex_replace(std::regex_replace(sql, castDate, "$1"), dateLiteral, "$1");
}

std::string replaceIntervalArithmetic(const std::string& sql) {
   static const std::regex interval(R"(('\d{4}-\d\d-\d\d')\s*([-+])\s*interval\s+'(\d+)'\s+(day|month|year)s?\b)", icase);
   return std::regex_replace(sql, interval, "date($1, '$2$3 $4s')");
}

std::string replaceExtract(const std::string& sql) {
   static const std::regex extract(R"(extract\s*\(\s*(year|month|day)\s+from\s+([^()]+?)\s*\))", icase);
   std::string out;
   auto last = sql.cbegin();
   for (std::sregex_iterator it(sql.begin(), sql.end(), extract), end; it != end; ++it) {
      const std::smatch& match = *it;
      char field = char(std::tolower(match[1].str()[0]));
      const char* format = field == 'y' ? "%Y" : field == 'm' ? "%m" : "%d";
      out.append(last, match[0].first);
      out += "CAST(strftime('" + std::string(format) + "', " + match[2].str() + ") AS INTEGER)";
      last = match[0].second;
   }
   out.append(last, sql.cend());
   return out;
}

std::string replaceSubstring(const std::string& sql) {
   static const std::regex substring(R"(substring\s*\(\s*([^()]+?)\s+from\s+(\d+)\s+for\s+(\d+)\s*\))", icase);
   return std::regex_replace(sql, substring, "substr($1, $2, $3)");
}

/// The '(' matching the ')' at close, or npos.
size_t openingParenthesis(const std::string& sql, size_t close) {
   int depth = 0;
   for (size_t i = close + 1; i-- > 0;) {
      if (sql[i] == ')') ++depth;
      else if (sql[i] == '(' && --depth == 0) return i;
   }
   return std::string::npos;
}

bool startsWithWord(const std::string& text, size_t at, const std::string& word) {
   while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
   if (text.size() - at < word.size()) return false;
   for (size_t i = 0; i < word.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(text[at + i])) != word[i]) return false;
   return at + word.size() == text.size() || !std::isalnum(static_cast<unsigned char>(text[at + word.size()]));
}

/// A derived table cannot be correlated (no LATERAL in TPC-H), so it can move into a WITH clause.
std::string derivedColumnListsToCtes(std::string sql) {
   static const std::regex aliasWithColumns(R"(\)\s*AS\s+(\w+)\s*\(([\w\s,]+)\))", icase);
   std::smatch match;
   for (size_t from = 0; std::regex_search(sql.cbegin() + long(from), sql.cend(), match, aliasWithColumns);) {
      size_t close = from + size_t(match.position(0));
      size_t open = openingParenthesis(sql, close);
      if (open == std::string::npos || !startsWithWord(sql, open + 1, "select")) {
         from = close + 1;  // e.g. CAST(x AS numeric(15,2)): not a derived table
         continue;
      }
      std::string cte = match[1].str() + "(" + match[2].str() + ") AS (" + sql.substr(open + 1, close - open - 1) + ")";
      sql.replace(open, close + size_t(match.length(0)) - open, match[1].str());
      size_t body = 0;
      while (body < sql.size() && std::isspace(static_cast<unsigned char>(sql[body]))) ++body;
      if (startsWithWord(sql, body, "with")) sql.insert(body + 4, " " + cte + ",");
      else sql.insert(body, "WITH " + cte + "\n");
      from = 0;
   }
   return sql;
}

}  // namespace

std::string toSqliteDialect(const std::string& sql) {
   return derivedColumnListsToCtes(replaceSubstring(replaceExtract(replaceIntervalArithmetic(replaceDateLiterals(sql)))));
}

}  // namespace kiln::bench
