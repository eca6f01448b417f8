// VALUES and SELECT without FROM: a pipeline that emits its constant rows one after another.
#include "codegen/expression_compiler.h"
#include "codegen/query_compiler.h"

namespace kiln {

namespace {

class ValuesTranslator : public Translator {
   public:
   ValuesTranslator(QueryCompiler& compiler, const Values& values) : Translator(compiler, &values), values_(values) {}

   void produce() override {
      compiler_.addPipeline(
         "values (" + std::to_string(values_.rows.size()) + " rows)", double(values_.rows.size()), [](QueryRuntime&) { return 1; },
         [&](llvm::Value*, llvm::Value*) {
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
