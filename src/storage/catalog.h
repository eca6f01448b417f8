// The catalog: tables by name.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "storage/table.h"

namespace kiln {

/// A view: the CREATE VIEW statement it was made by, bound anew wherever the view is used.
struct View {
   std::string name;
   std::string definition;  // the whole CREATE VIEW statement
   std::vector<std::string> columnNames;  // the query's output names, or the view's aliases
};

class Catalog {
   public:
   /// nullptr when there is no such view.
   const View* findView(const std::string& name) const;
   /// Throws 42P07 when the name is taken (by a table, or by a view unless `replace`).
   void createView(View view, bool replace);
   /// Throws 42P01 when there is no such view; returns it (for undo).
   View dropView(const std::string& name);

   /// nullptr when there is no such table.
   Table* findTable(const std::string& name) const;
   /// Throws 42P07 when the name is taken.
   Table& createTable(std::unique_ptr<Table> table);
   /// Throws 42P01 when there is no such table; returns the table (for undo).
   std::unique_ptr<Table> dropTable(const std::string& name);
   /// ALTER TABLE ... RENAME TO: throws 42P07 when `to` is taken.
   void renameTable(const std::string& from, const std::string& to);
   std::vector<const Table*> tables() const;
   std::vector<const View*> views() const;

   private:
   std::map<std::string, std::unique_ptr<Table>> tables_;
   std::map<std::string, View> views_;
};

}  // namespace kiln
