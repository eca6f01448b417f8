// kiln [OPTION]... [DBPATH]: the command-line options and the choice between script and interactive use.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <kiln/kiln.h>

#include "error_printer.h"
#include "shell.h"
#include "shell_loop.h"

namespace kiln::shell {

namespace {

constexpr std::string_view usage = R"(kiln is the interactive SQL shell of the kiln database.

Usage:
  kiln [OPTION]... [DBPATH]

DBPATH is the database to open; without it the database lives in memory.

Options:
  -c, --command=SQL      run SQL (or a backslash command), then exit; may be repeated
  -f, --file=FILE        run the statements in FILE ("-" for stdin), then exit; may be repeated
      --format=FORMAT    output format: table (default), csv or json
      --threads=N        run each query on up to N threads (default: the cores this
                         process may use; SET threads changes it)
      --force-recovery   open a damaged database: restore what comes before the damage and
                         move the files not used, unchanged, into DBPATH/damaged-<time>/
      --setting=NAME=VALUE
                         a setting of the database while it is open: checkpoint_timeout
                         (default 5min), max_wal_size (default 1GB) or
                         snapshot_memory_limit (default 0, no limit); may be repeated
  -h, --help             show this help, then exit
      --version          show the version, then exit

-c and -f run in the order given. Without them, statements are read from stdin
when it is not a terminal. In both cases the first error ends the run with exit
status 1.
)";

struct Input {
   bool isFile;
   std::string text;  // the SQL of -c, or the path of -f
};

struct Options {
   std::string databasePath = ":memory:";
   OpenOptions open;
   Settings settings;
   std::vector<Input> inputs;
   std::optional<std::string> threads;  // --threads
   bool help = false;
   bool version = false;
};

class UsageError : public std::runtime_error {
   using std::runtime_error::runtime_error;
};

/// The value of an option given as "-cVALUE", "-c VALUE", "--command=VALUE" or "--command VALUE".
/// Returns nothing when `arg` is not this option.
std::optional<std::string> optionValue(std::string_view arg, std::string_view shortName, std::string_view longName, int argc, char** argv, int& i) {
   std::string_view inlineValue;
   if (!shortName.empty() && arg.starts_with(shortName) && !arg.starts_with("--")) {
      inlineValue = arg.substr(shortName.size());
   } else if (arg == longName) {
      inlineValue = {};
   } else if (arg.starts_with(longName) && arg[longName.size()] == '=') {
      return std::string(arg.substr(longName.size() + 1));
   } else {
      return std::nullopt;
   }
   if (!inlineValue.empty()) return std::string(inlineValue);
   if (i + 1 >= argc) throw UsageError("option '" + std::string(arg) + "' requires an argument");
   return std::string(argv[++i]);
}

Options parseOptions(int argc, char** argv) {
   Options options;
   bool seenPath = false;
   bool optionsEnded = false;
   for (int i = 1; i < argc; ++i) {
      std::string_view arg = argv[i];
      bool isOption = !optionsEnded && arg.size() > 1 && arg[0] == '-';
      if (isOption) {
         if (arg == "--") {
            optionsEnded = true;
         } else if (arg == "-h" || arg == "--help") {
            options.help = true;
         } else if (arg == "--version") {
            options.version = true;
         } else if (auto sql = optionValue(arg, "-c", "--command", argc, argv, i)) {
            options.inputs.push_back({false, *sql});
         } else if (auto path = optionValue(arg, "-f", "--file", argc, argv, i)) {
            options.inputs.push_back({true, *path});
         } else if (arg == "--force-recovery") {
            options.open.forceRecovery = true;
         } else if (auto setting = optionValue(arg, "", "--setting", argc, argv, i)) {
            size_t equals = setting->find('=');
            if (equals == std::string::npos) throw UsageError("--setting takes NAME=VALUE");
            try {
               options.open.set(setting->substr(0, equals), setting->substr(equals + 1));
            } catch (const Error& error) {
               throw UsageError(error.message() + (error.sqlstate() == "42704"
                                                      ? " (--setting takes checkpoint_timeout, max_wal_size or snapshot_memory_limit; set others with SET)"
                                                      : ""));
            }
         } else if (auto threads = optionValue(arg, "", "--threads", argc, argv, i)) {
            options.threads = *threads;
         } else if (auto name = optionValue(arg, "", "--format", argc, argv, i)) {
            auto format = parseOutputFormat(*name);
            if (!format) throw UsageError("unknown output format \"" + *name + "\"; allowed formats are table, csv, json");
            options.settings.format = *format;
         } else {
            throw UsageError("unrecognized option '" + std::string(arg) + "'");
         }
         continue;
      }
      if (seenPath) throw UsageError("too many arguments; only one database path may be given");
      options.databasePath = arg;
      seenPath = true;
   }
   return options;
}

/// Runs the -c and -f inputs in order, stopping at the first error.
int runInputs(Shell& shell, const std::vector<Input>& inputs) {
   for (const Input& input : inputs) {
      Outcome outcome;
      if (!input.isFile) {
         std::istringstream text(input.text);
         outcome = runScript(shell, text, &std::cin);
      } else if (input.text == "-") {
         outcome = runScript(shell, std::cin);
      } else {
         std::ifstream file(input.text);
         if (!file) {
            std::cerr << "kiln: error: could not open file \"" << input.text << "\": " << std::strerror(errno) << '\n';
            return 1;
         }
         outcome = runScript(shell, file);
      }
      if (outcome == Outcome::Failed) return 1;
      if (outcome == Outcome::Quit) return 0;
   }
   return 0;
}

int run(int argc, char** argv) {
   Options options;
   try {
      options = parseOptions(argc, argv);
   } catch (const UsageError& error) {
      std::cerr << "kiln: error: " << error.what() << "\nTry \"kiln --help\" for more information.\n";
      return 1;
   }
   if (options.help) {
      std::cout << usage;
      return 0;
   }
   if (options.version) {
      std::cout << "kiln " KILN_VERSION "\n";
      return 0;
   }

   std::unique_ptr<Database> database;
   try {
      database = std::make_unique<Database>(options.databasePath, options.open);
   } catch (const std::exception& error) {
      printError(error, "", std::cerr);
      return 1;
   }
   if (std::string report = database->recoveryReport(); !report.empty()) {
      size_t lineEnd = report.find('\n');
      std::cerr << "WARNING:  " << report.substr(0, lineEnd) << "\nDETAIL:  " << report.substr(lineEnd + 1) << "\n";
   }

   bool interactive = options.inputs.empty() && isatty(STDIN_FILENO);
   Shell shell(*database, options.settings, interactive, std::cout, std::cerr);
   if (options.threads) {
      try {
         shell.set("threads", *options.threads);
      } catch (const Error& error) {
         std::cerr << "kiln: error: --threads: " << error.message() << "\n";
         return 1;
      }
   }
   if (!options.inputs.empty()) return runInputs(shell, options.inputs);
   if (!interactive) return runScript(shell, std::cin) == Outcome::Failed ? 1 : 0;
   std::cout << "kiln (" KILN_VERSION ")\nType \"\\?\" for help.\n\n";
   runInteractive(shell);
   return 0;
}

}  // namespace

}  // namespace kiln::shell

int main(int argc, char** argv) {
   try {
      return kiln::shell::run(argc, argv);
   } catch (const std::exception& error) {
      std::cerr << "ERROR:  " << error.what() << '\n';
   } catch (...) {
      std::cerr << "ERROR:  unexpected failure\n";
   }
   return 1;
}
