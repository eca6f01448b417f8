#include "storage/catalog.h"

namespace kiln {

Table* Catalog::findTable(const std::string& name) const {
   auto it = tables_.find(name);
   return it == tables_.end() ? nullptr : it->second.get();
}

const View* Catalog::findView(const std::string& name) const {
   auto it = views_.find(name);
   return it == views_.end() ? nullptr : &it->second;
}

void Catalog::createView(View view, bool replace) {
   if (tables_.count(view.name) || (views_.count(view.name) && !replace))
      throw Error("42P07", "relation \"" + view.name + "\" already exists");
   std::string name = view.name;
   views_[name] = std::move(view);
}

void Catalog::dropView(const std::string& name) {
   if (!views_.erase(name)) throw Error("42P01", "view \"" + name + "\" does not exist");
}

Table& Catalog::createTable(std::unique_ptr<Table> table) {
   const std::string& name = table->name();
   if (tables_.count(name) || views_.count(name)) throw Error("42P07", "relation \"" + name + "\" already exists");
   return *(tables_[name] = std::move(table));
}

void Catalog::dropTable(const std::string& name) {
   if (!tables_.erase(name)) throw Error("42P01", "table \"" + name + "\" does not exist");
}

std::vector<const Table*> Catalog::tables() const {
   std::vector<const Table*> result;
   for (auto& [name, table] : tables_) result.push_back(table.get());
   return result;
}

}  // namespace kiln
