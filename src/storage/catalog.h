// The catalog: tables by name.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "storage/table.h"

namespace kiln {

class Catalog {
   public:
   /// nullptr when there is no such table.
   Table* findTable(const std::string& name) const;
   /// Throws 42P07 when the name is taken.
   Table& createTable(std::unique_ptr<Table> table);
   /// Throws 42P01 when there is no such table.
   void dropTable(const std::string& name);
   std::vector<const Table*> tables() const;

   private:
   std::map<std::string, std::unique_ptr<Table>> tables_;
};

}  // namespace kiln
