#include "storage/catalog.h"

#include <set>

namespace kiln {

std::vector<std::pair<Table*, const ForeignKey*>> Catalog::referencing(const std::string& parent) const {
   std::vector<std::pair<Table*, const ForeignKey*>> found;
   for (auto& [name, table] : tables_)
      for (const ForeignKey& key : table->foreignKeys())
         if (key.parent == parent) found.emplace_back(table.get(), &key);
   return found;
}

std::vector<std::pair<Table*, const ForeignKey*>> Catalog::referencingThrough(const Table& parent, const UniqueIndex& index) const {
   auto columnSet = [&](const std::vector<size_t>& columns) {
      std::set<std::string> names;
      for (size_t c : columns) names.insert(parent.column(c).name());
      return names;
   };
   // A foreign key needs the first index on its columns (the one there when it was made, as
   // indexes keep their order).
   std::set<std::string> columns = columnSet(index.columns());
   for (auto& other : parent.uniqueIndexes()) {
      if (other.get() == &index) break;
      if (columnSet(other->columns()) == columns) return {};
   }
   std::vector<std::pair<Table*, const ForeignKey*>> found = referencing(parent.name());
   std::erase_if(found, [&](auto& child) {
      auto& names = child.second->parentColumns;
      return std::set<std::string>(names.begin(), names.end()) != columns;
   });
   return found;
}

const Table* Catalog::tableWithIndex(const std::string& name) const {
   for (auto& [tableName, table] : tables_) {
      for (auto& index : table->uniqueIndexes())
         if (index->name() == name) return table.get();
      for (auto& index : table->secondaryIndexes())
         if (index->name() == name) return table.get();
   }
   return nullptr;
}

Table* Catalog::findTable(const std::string& name) const {
   auto it = tables_.find(name);
   return it == tables_.end() ? nullptr : it->second.get();
}

const View* Catalog::findView(const std::string& name) const {
   auto it = views_.find(name);
   return it == views_.end() ? nullptr : &it->second;
}

void Catalog::createView(View view, bool replace) {
   if (tables_.count(view.name) || sequences_.count(view.name) || (views_.count(view.name) && !replace))
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
   if (nameTaken(name)) throw Error("42P07", "relation \"" + name + "\" already exists");
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
   if (nameTaken(to)) throw Error("42P07", "relation \"" + to + "\" already exists");
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

Sequence* Catalog::findSequence(const std::string& name) const {
   auto it = sequences_.find(name);
   return it == sequences_.end() ? nullptr : it->second.get();
}

Sequence& Catalog::createSequence(std::unique_ptr<Sequence> sequence) {
   if (nameTaken(sequence->name)) throw Error("42P07", "relation \"" + sequence->name + "\" already exists");
   sequence->id = ++lastSequenceId_;
   std::string name = sequence->name;
   return *(sequences_[name] = std::move(sequence));
}

std::unique_ptr<Sequence> Catalog::dropSequence(const std::string& name) {
   auto it = sequences_.find(name);
   if (it == sequences_.end()) throw Error("42P01", "sequence \"" + name + "\" does not exist");
   std::unique_ptr<Sequence> sequence = std::move(it->second);
   sequences_.erase(it);
   return sequence;
}

void Catalog::restoreSequence(std::unique_ptr<Sequence> sequence) {
   std::string name = sequence->name;
   sequences_[name] = std::move(sequence);
}

bool Catalog::hasSequenceId(uint64_t id) const {
   for (auto& [name, sequence] : sequences_)
      if (sequence->id == id) return true;
   return false;
}

std::vector<Sequence*> Catalog::sequences() const {
   std::vector<Sequence*> result;
   for (auto& [name, sequence] : sequences_) result.push_back(sequence.get());
   return result;
}

}  // namespace kiln
