#include "report.h"

namespace kiln::fuzz {

namespace {

std::string commented(const std::string& text) {
   std::string out = "--   ";
   for (size_t i = 0; i < text.size(); ++i) {
      out += text[i];
      if (text[i] == '\n' && i + 1 < text.size()) out += "--   ";
   }
   return out;
}

std::string answer(const Outcomes& outcomes, size_t statement) {
   if (statement >= outcomes.size()) return "(did not get there)\n";
   return outcomes[statement].describe();
}

}  // namespace

std::string reproduction(const Case& failing, const Verdict& verdict, const Outcomes& kiln, const Outcomes& postgres) {
   std::vector<ScriptStatement> script = failing.script();
   std::string out = "-- " + verdict.signature + ", at statement " + std::to_string(verdict.statement + 1) + " of " + std::to_string(script.size()) +
                     ". Paste into psql and into build/bin/kiln (on an empty database):\n";
   for (const ScriptStatement& statement : script) out += statement.sql + ";\n";
   out += "-- kiln:\n" + commented(answer(kiln, verdict.statement));
   out += "-- PostgreSQL 15:\n" + commented(answer(postgres, verdict.statement));
   return out;
}

}  // namespace kiln::fuzz
