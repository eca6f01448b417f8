// VALUES and SELECT without FROM: a pipeline that emits its constant rows one after another (in a
// loop, for more than one).
#include "codegen/expression_compiler.h"
#include "codegen/query_compiler.h"

namespace kiln {

namespace {

constexpr size_t maxPrefetchedRows = 64;

class ValuesTranslator : public Translator {
   public:
   ValuesTranslator(QueryCompiler& compiler, const Values& values) : Translator(compiler, &values), values_(values) {}

   void produce() override {
      compiler_.addPipeline(
         "values (" + std::to_string(values_.rows.size()) + " rows)", double(values_.rows.size()), [](QueryRuntime&) { return 1; },
         [&](llvm::Value*, llvm::Value*) {
            // The parent's lookups for all rows start at once (a few rows: the code is repeated per
            // row). Only values that cannot fail are computed ahead: an error must come from the
            // row that has it, in order.
            if (values_.rows.size() > 1 && values_.rows.size() <= maxPrefetchedRows && parentPrefetches()) {
               for (bool near : {false, true}) {
                  for (auto& row : values_.rows) {
                     IUValues values;
                     ExpressionCompiler expressions(compiler_.cx(), values);
                     for (size_t c = 0; c < row.size(); ++c) {
                        const Expr& value = *row[c];
                        if (value.kind == ExprKind::Constant || value.kind == ExprKind::Parameter)
                           values.setLazy(values_.columns[c], [&expressions, &value] { return expressions.compile(value); });
                     }
                     prefetchParent(values, near);
                  }
               }
            }
            if (values_.rows.size() > 1 && rowsHaveColumnTypes()) return emitRowLoop();
            for (auto& row : values_.rows) {
               IUValues values;
               ExpressionCompiler expressions(compiler_.cx(), values);
               for (size_t c = 0; c < row.size(); ++c) values.set(values_.columns[c], expressions.compile(*row[c]));
               consumeParent(values);
            }
         });
   }

   /// Whether every row's values are of their column's type (and so of one IR type per column).
   bool rowsHaveColumnTypes() const {
      for (auto& row : values_.rows)
         for (size_t c = 0; c < row.size(); ++c)
            if (row[c]->type != values_.columns[c]->type) return false;
      return true;
   }

   /// The rows in a loop: case i of a switch computes row i's values, and the parent's code for a
   /// row (an index lookup, an update, an insert) is there once rather than once per row, which
   /// would make a few rows a long stretch of code run once. Row i's values are computed right
   /// before the parent gets it, so errors come in row order as before.
   void emitRowLoop() {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      size_t columns = values_.columns.size(), rows = values_.rows.size();
      std::vector<llvm::AllocaInst*> valueSlots(columns), nullSlots(columns, nullptr);
      for (size_t c = 0; c < columns; ++c) valueSlots[c] = cx.entryAlloca(cx.valueType(values_.columns[c]->type), "values_column");
      cx.forRange(cx.int64(0), cx.int64(int64_t(rows)), [&](llvm::Value* index) {
         auto* noRow = cx.newBlock("values_no_row");
         auto* rowReady = cx.newBlock("values_row_ready");
         llvm::SwitchInst* pick = b.CreateSwitch(index, noRow, unsigned(rows));
         // Each case's code first; the stores after, once it is known which columns may be NULL.
         std::vector<std::pair<llvm::BasicBlock*, std::vector<SqlValue>>> computed;
         for (size_t r = 0; r < rows; ++r) {
            auto* block = cx.newBlock("values_row");
            pick->addCase(llvm::cast<llvm::ConstantInt>(cx.int64(int64_t(r))), block);
            b.SetInsertPoint(block);
            IUValues none;
            ExpressionCompiler expressions(cx, none);
            std::vector<SqlValue> row;
            for (auto& value : values_.rows[r]) row.push_back(expressions.compile(*value));
            computed.push_back({b.GetInsertBlock(), std::move(row)});
         }
         for (size_t c = 0; c < columns; ++c)
            for (auto& [block, row] : computed)
               if (row[c].nullable() && !nullSlots[c]) nullSlots[c] = cx.entryAlloca(cx.i1(), "values_column_null");
         for (auto& [block, row] : computed) {
            b.SetInsertPoint(block);
            for (size_t c = 0; c < columns; ++c) {
               b.CreateStore(row[c].value, valueSlots[c]);
               if (nullSlots[c]) b.CreateStore(row[c].nullable() ? row[c].isNull : cx.boolean(false), nullSlots[c]);
            }
            b.CreateBr(rowReady);
         }
         b.SetInsertPoint(noRow);
         b.CreateUnreachable();
         b.SetInsertPoint(rowReady);
         IUValues values;
         for (size_t c = 0; c < columns; ++c) {
            SqlType type = values_.columns[c]->type;
            llvm::Value* isNull = nullSlots[c] ? b.CreateLoad(cx.i1(), nullSlots[c]) : nullptr;
            values.set(values_.columns[c], SqlValue{b.CreateLoad(cx.valueType(type), valueSlots[c]), isNull, type});
         }
         consumeParent(values);
      });
   }

   void consume(IUValues&, Translator&) override {}

   private:
   const Values& values_;
};

}  // namespace

std::unique_ptr<Translator> makeValuesTranslator(QueryCompiler& compiler, const Values& op) { return std::make_unique<ValuesTranslator>(compiler, op); }

}  // namespace kiln
