#include "tpcc_text_statement.h"

#include <vector>

namespace kiln::bench {

namespace {

class TextStatement : public TpccStatement {
   public:
   TextStatement(TpccEngine& engine, const std::string& sql) : engine_(engine) {
      // The text between parameters, and each parameter's number.
      size_t from = 0;
      for (size_t i = 0; i < sql.size(); ++i) {
         if (sql[i] != '$' || i + 1 >= sql.size() || sql[i + 1] < '0' || sql[i + 1] > '9') continue;
         pieces_.push_back(sql.substr(from, i - from));
         size_t number = 0, j = i + 1;
         for (; j < sql.size() && sql[j] >= '0' && sql[j] <= '9'; ++j) number = number * 10 + size_t(sql[j] - '0');
         numbers_.push_back(number);
         if (number > values_.size()) values_.resize(number, "NULL");
         from = j;
         i = j - 1;
      }
      pieces_.push_back(sql.substr(from));
   }

   void bindInt(size_t number, int64_t value) override { values_.at(number - 1) = std::to_string(value); }
   void bindText(size_t number, std::string_view value) override {
      std::string& literal = values_.at(number - 1);
      literal = "'";
      for (char c : value) {
         literal += c;
         if (c == '\'') literal += c;
      }
      literal += "'";
   }
   void bindDecimal(size_t number, int64_t unscaled, int scale) override { values_.at(number - 1) = decimalText(unscaled, scale); }
   void bindTimestamp(size_t number, int64_t unixMicros) override { values_.at(number - 1) = "'" + timestampText(unixMicros) + "'"; }
   void execute() override {
      text_.clear();
      for (size_t p = 0; p < numbers_.size(); ++p) {
         text_ += pieces_[p];
         text_ += values_[numbers_[p] - 1];
      }
      text_ += pieces_.back();
      result_.reset();  // its memory can serve the next result
      result_ = engine_.runText(text_);
   }

   size_t rowCount() const override { return result_->rowCount(); }
   size_t columnCount() const override { return result_->columnCount(); }
   uint64_t rowsAffected() const override { return result_->rowsAffected(); }
   bool isNull(size_t row, size_t column) const override { return result_->isNull(row, column); }
   int64_t getInt(size_t row, size_t column) const override { return result_->getInt(row, column); }
   std::string getText(size_t row, size_t column) const override { return result_->getText(row, column); }
   int64_t getDecimal(size_t row, size_t column, int scale) const override { return result_->getDecimal(row, column, scale); }
   std::optional<bool> ranOnSnapshot() const override { return result_->ranOnSnapshot(); }

   private:
   TpccEngine& engine_;
   std::vector<std::string> pieces_;  // one more than numbers_
   std::vector<size_t> numbers_;      // of the parameter after each piece
   std::vector<std::string> values_;  // per parameter, as a literal
   std::string text_;
   std::unique_ptr<TpccStatement> result_;
};

}  // namespace

std::unique_ptr<TpccStatement> textStatement(TpccEngine& engine, const std::string& sql) { return std::make_unique<TextStatement>(engine, sql); }

}  // namespace kiln::bench
