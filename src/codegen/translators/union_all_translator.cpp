// UNION ALL: not a pipeline breaker. Each input's pipelines hand their tuples to the operators
// above, renamed to the union's columns, so the code above is generated once per input.
#include "codegen/query_compiler.h"

namespace kiln {

namespace {

class UnionAllTranslator : public Translator {
   public:
   UnionAllTranslator(QueryCompiler& compiler, const UnionAll& unionAll) : Translator(compiler, &unionAll), union_(unionAll) {}

   void produce() override {
      for (size_t i = 0; i < children_.size(); ++i) childAt(i).produce();
   }

   bool parallelSafe(const Translator&) const override { return true; }

   void consume(IUValues& values, Translator& from) override {
      size_t input = 0;
      while (&childAt(input) != &from) ++input;
      IUValues renamed;
      for (const IU* iu : compiler_.required(op_)) {
         for (size_t c = 0; c < union_.columns.size(); ++c) {
            if (union_.columns[c] != iu) continue;
            const IU* source = union_.inputs[input][c];
            renamed.setLazy(iu, [&values, source] { return values.get(source); });
         }
      }
      consumeParent(renamed);
   }

   private:
   const UnionAll& union_;
};

}  // namespace

std::unique_ptr<Translator> makeUnionAllTranslator(QueryCompiler& compiler, const UnionAll& op) { return std::make_unique<UnionAllTranslator>(compiler, op); }

}  // namespace kiln
