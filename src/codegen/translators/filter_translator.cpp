// Filter: each conjunct is tested in turn and the tuple goes on only where all are TRUE; columns
// a later conjunct reads are loaded only for tuples that passed the earlier ones.
#include "codegen/expression_compiler.h"
#include "codegen/query_compiler.h"

namespace kiln {

namespace {

class FilterTranslator : public Translator {
   public:
   FilterTranslator(QueryCompiler& compiler, const Filter& filter) : Translator(compiler, &filter) {
      if (filter.condition->kind == ExprKind::And)
         for (auto& c : filter.condition->children) conjuncts_.push_back(c.get());
      else
         conjuncts_.push_back(filter.condition.get());
   }

   void produce() override { child().produce(); }

   void consume(IUValues& values, Translator&) override {
      compiler_.noteStage("filter");
      test(values, 0);
   }

   private:
   void test(IUValues& values, size_t i) {
      if (i == conjuncts_.size()) return consumeParent(values);
      CodeContext& cx = compiler_.cx();
      ExpressionCompiler expressions(cx, values);
      SqlOps ops(cx);
      SqlValue condition = expressions.compile(*conjuncts_[i]);
      cx.ifThen(ops.isTrue(condition), [&] { test(values, i + 1); });
   }

   std::vector<const Expr*> conjuncts_;
};

}  // namespace

std::unique_ptr<Translator> makeFilterTranslator(QueryCompiler& compiler, const Filter& op) {
   return std::make_unique<FilterTranslator>(compiler, op);
}

}  // namespace kiln
