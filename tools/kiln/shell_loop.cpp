#include "shell_loop.h"

#include <cstdlib>
#include <iostream>
#include <string>

#include "line_reader.h"

namespace kiln::shell {

namespace {

std::string historyPath() {
   const char* home = std::getenv("HOME");
   return home && *home ? std::string(home) + "/.kiln_history" : std::string();
}

}  // namespace

void runInteractive(Shell& shell) {
   LineReader reader(historyPath());
   reader.onCancel([](void* running) { static_cast<Shell*>(running)->cancelStatement(); }, &shell);
   for (;;) {
      std::string line;
      LineReader::Status status = reader.read(shell.hasPendingInput() ? "kiln-> " : "kiln=> ", line);
      if (status == LineReader::Status::EndOfInput) return;
      if (status == LineReader::Status::Interrupted) {
         shell.discardPendingInput();
         continue;
      }
      reader.remember(line);
      if (shell.processLine(line) == Outcome::Quit) return;
   }
}

Outcome runScript(Shell& shell, std::istream& input) {
   std::string line;
   while (std::getline(input, line)) {
      Outcome outcome = shell.processLine(line);
      if (outcome != Outcome::Ok) return outcome;
   }
   return shell.finishInput();
}

}  // namespace kiln::shell
