#include "common/memory_blocks.h"
#include "engine/database_impl.h"

namespace kiln {

static TableInfo describe(const Table& table) {
   TableInfo info{table.name(), {}, {}, table.liveRowCount()};
   for (size_t i = 0; i < table.columnCount(); ++i) {
      const Column& column = table.column(i);
      info.columns.push_back({column.name(), column.type(), column.notNull()});
   }
   for (size_t key : table.primaryKey()) info.primaryKey.push_back(table.column(key).name());
   return info;
}

Database::Database(const std::string& path) : impl_(std::make_unique<DatabaseImpl>()) {
   keepFreedHeapMemory();
   if (path != ":memory:" && !path.empty()) impl_->durability = std::make_unique<Durability>(path, impl_->catalog);
}

Database::~Database() = default;

std::vector<TableInfo> Database::tables() const {
   std::vector<TableInfo> result;
   for (const Table* table : impl_->catalog.tables()) result.push_back(describe(*table));
   return result;
}

TableInfo Database::table(const std::string& name) const {
   const Table* table = impl_->catalog.findTable(name);
   if (!table) throw Error("42P01", "relation \"" + name + "\" does not exist");
   return describe(*table);
}

}  // namespace kiln
