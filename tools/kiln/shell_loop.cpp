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
      const char* prompt = shell.collectingCopyRows() ? ">> " : shell.hasPendingInput() ? "kiln-> " : "kiln=> ";
      LineReader::Status status = reader.read(prompt, line);
      if (status == LineReader::Status::EndOfInput) return;
      if (status == LineReader::Status::Interrupted) {
         shell.discardPendingInput();
         continue;
      }
      reader.remember(line);
      if (shell.processLine(line) == Outcome::Quit) return;
   }
}

Outcome runScript(Shell& shell, std::istream& input, std::istream* copyRows) {
   std::string line;
   while (std::getline(input, line)) {
      Outcome outcome = shell.processLine(line);
      if (outcome != Outcome::Ok) return outcome;
   }
   if (copyRows && shell.collectingCopyRows()) return runScript(shell, *copyRows);
   Outcome outcome = shell.finishInput();  // a last statement without ';' may be the COPY
   if (outcome == Outcome::Ok && copyRows && shell.collectingCopyRows()) return runScript(shell, *copyRows);
   return outcome;
}

}  // namespace kiln::shell
