// A table: named columns of equal length, plus what the catalog records about it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "storage/column.h"

namespace kiln {

class Table {
   public:
   Table(std::string name, std::vector<std::unique_ptr<Column>> columns, std::vector<size_t> primaryKey);

   const std::string& name() const { return name_; }
   size_t columnCount() const { return columns_.size(); }
   Column& column(size_t i) { return *columns_[i]; }
   const Column& column(size_t i) const { return *columns_[i]; }
   /// Index of the column with this (lower-case) name, or -1.
   int findColumn(std::string_view name) const;
   const std::vector<size_t>& primaryKey() const { return primaryKey_; }
   size_t rowCount() const { return rowCount_; }

   /// Appends are made column by column, then sealed; a failure rolls back to `rowCount()`.
   void sealAppendedRows(size_t rows) { rowCount_ = rows; }
   void rollbackToRowCount() {
      for (auto& c : columns_) c->truncate(rowCount_);
   }

   private:
   std::string name_;
   std::vector<std::unique_ptr<Column>> columns_;
   std::vector<size_t> primaryKey_;
   size_t rowCount_ = 0;
};

}  // namespace kiln
