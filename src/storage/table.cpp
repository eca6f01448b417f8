#include "storage/table.h"

#include <algorithm>

namespace kiln {

Table::Table(std::string name, std::vector<std::unique_ptr<Column>> columns, std::vector<size_t> primaryKey)
   : name_(std::move(name)), columns_(std::move(columns)), primaryKey_(std::move(primaryKey)) {
   for (auto& column : columns_) column->setTableName(name_);
}

void Table::truncate(size_t rows) {
   for (size_t row = rows; row < rowCount_ && !deleted_.empty(); ++row)
      if (deleted_[row]) setDeleted(row, false);
   rowCount_ = std::min(rowCount_, rows);
   if (!deleted_.empty()) deleted_.resize(rowCount_);
   rollbackToRowCount();
}

void Table::setDeleted(size_t row, bool deleted) {
   if (deleted_.empty()) deleted_.assign(rowCount_, 0);
   if (deleted_[row] == deleted) return;
   deleted_[row] = deleted;
   deletedCount_ += deleted ? 1 : size_t(-1);
}

int Table::findColumn(std::string_view name) const {
   for (size_t i = 0; i < columns_.size(); ++i)
      if (columns_[i]->name() == name) return int(i);
   return -1;
}

}  // namespace kiln
