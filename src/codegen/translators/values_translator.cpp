// VALUES and SELECT without FROM: a pipeline that emits its constant rows one after another.
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
            for (auto& row : values_.rows) {
               IUValues values;
               ExpressionCompiler expressions(compiler_.cx(), values);
               for (size_t c = 0; c < row.size(); ++c) values.set(values_.columns[c], expressions.compile(*row[c]));
               consumeParent(values);
            }
         });
   }

   void consume(IUValues&, Translator&) override {}

   private:
   const Values& values_;
};

}  // namespace

std::unique_ptr<Translator> makeValuesTranslator(QueryCompiler& compiler, const Values& op) {
   return std::make_unique<ValuesTranslator>(compiler, op);
}

}  // namespace kiln
