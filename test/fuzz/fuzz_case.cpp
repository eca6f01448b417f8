#include "fuzz_case.h"

namespace kiln::fuzz {

std::vector<std::string> Table::setupStatements() const {
   std::string create = "CREATE TABLE " + name + " (";
   for (size_t i = 0; i < columns.size(); ++i) {
      if (i) create += ", ";
      create += columns[i].name + " " + columns[i].type.sql();
      if (i == 0) create += primaryKey ? " PRIMARY KEY" : " NOT NULL";
   }
   std::vector<std::string> out = {create + ")"};
   for (const std::string& column : indexedColumns) out.push_back("CREATE INDEX ON " + name + " (" + column + ")");
   if (!rows.empty()) {
      std::string insert = "INSERT INTO " + name + " VALUES ";
      for (size_t r = 0; r < rows.size(); ++r) {
         insert += r ? ", (" : "(";
         for (size_t c = 0; c < rows[r].size(); ++c) insert += (c ? ", " : "") + rows[r][c];
         insert += ")";
      }
      out.push_back(insert);
   }
   return out;
}

Case Case::clone() const {
   Case copy;
   copy.tables = tables;
   for (const Statement& statement : statements) copy.statements.push_back({statement.sql->clone(), statement.ordered});
   return copy;
}

std::vector<ScriptStatement> Case::script(Unfold unfold) const {
   std::vector<ScriptStatement> out;
   for (const Table& table : tables)
      for (std::string& sql : table.setupStatements()) out.push_back({std::move(sql), false});
   for (const Statement& statement : statements)
      if (!statement.sql->dropped) out.push_back({statement.sql->print(unfold), statement.ordered});
   return out;
}

}  // namespace kiln::fuzz
