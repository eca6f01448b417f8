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

View Catalog::dropView(const std::string& name) {
   auto it = views_.find(name);
   if (it == views_.end()) throw Error("42P01", "view \"" + name + "\" does not exist");
   View view = std::move(it->second);
   views_.erase(it);
   return view;
}

Table& Catalog::createTable(std::unique_ptr<Table> table) {
   const std::string& name = table->name();
   if (tables_.count(name) || views_.count(name)) throw Error("42P07", "relation \"" + name + "\" already exists");
   return *(tables_[name] = std::move(table));
}

std::unique_ptr<Table> Catalog::dropTable(const std::string& name) {
   auto it = tables_.find(name);
   if (it == tables_.end()) throw Error("42P01", "table \"" + name + "\" does not exist");
   std::unique_ptr<Table> table = std::move(it->second);
   tables_.erase(it);
   return table;
}

void Catalog::renameTable(const std::string& from, const std::string& to) {
   if (tables_.count(to) || views_.count(to)) throw Error("42P07", "relation \"" + to + "\" already exists");
   auto node = tables_.extract(from);
   if (node.empty()) throw Error("42P01", "table \"" + from + "\" does not exist");
   node.key() = to;
   node.mapped()->setName(to);
   tables_.insert(std::move(node));
}

std::vector<const View*> Catalog::views() const {
   std::vector<const View*> result;
   for (auto& [name, view] : views_) result.push_back(&view);
   return result;
}

std::vector<const Table*> Catalog::tables() const {
   std::vector<const Table*> result;
   for (auto& [name, table] : tables_) result.push_back(table.get());
   return result;
}

}  // namespace kiln
