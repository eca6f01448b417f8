// Filter: the conjuncts are tested in turn and the tuple goes on only where all are TRUE; columns a
// later test reads are loaded only for tuples that passed the earlier ones. Consecutive conjuncts
// that are cheap and cannot fail (comparisons of columns and constants) are combined into one
// branch-free test: a mispredicted branch costs more than the comparisons it would skip.
#include "codegen/expression_compiler.h"
#include "codegen/query_compiler.h"

namespace kiln {

namespace {

class FilterTranslator : public Translator {
   public:
   FilterTranslator(QueryCompiler& compiler, const Filter& filter) : Translator(compiler, &filter) {
      std::vector<const Expr*> conjuncts;
      flatten(*filter.condition, conjuncts);
      for (const Expr* c : conjuncts) {
         if (!tests_.empty() && isCheapAndSafe(*c) && isCheapAndSafe(*tests_.back().back())) tests_.back().push_back(c);
         else tests_.push_back({c});
      }
   }

   /// A row the filter passes probes the join above as it is: that join's key filters apply below.
   std::vector<ProbeKeyFilter> probeKeyFilters(const Translator&) override { return parent_ ? parent_->probeKeyFilters(*this) : std::vector<ProbeKeyFilter>(); }

   void produce() override { child().produce(); }
   bool parallelSafe(const Translator&) const override { return !static_cast<const Filter*>(op_)->condition->isVolatile(); }

   void consume(IUValues& values, Translator&) override {
      compiler_.noteStage("filter");
      test(values, 0);
   }

   private:
   static void flatten(const Expr& e, std::vector<const Expr*>& out) {
      if (e.kind != ExprKind::And) return out.push_back(&e);
      for (auto& c : e.children) flatten(*c, out);
   }

   static bool isCheapAndSafe(const Expr& e) {
      switch (e.kind) {
         case ExprKind::ColumnRef:
         case ExprKind::Constant:
         case ExprKind::Parameter: return true;
         case ExprKind::Comparison:
            if (e.children[0]->type.isStringLike()) return false;
            break;
         case ExprKind::And:
         case ExprKind::Or:
         case ExprKind::Not:
         case ExprKind::IsNull:
         case ExprKind::InList: break;
         default: return false;
      }
      for (auto& c : e.children)
         if (!isCheapAndSafe(*c)) return false;
      return true;
   }

   void test(IUValues& values, size_t i) {
      if (i == tests_.size()) return consumeParent(values);
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      ExpressionCompiler expressions(cx, values);
      SqlOps ops(cx);
      llvm::Value* pass = nullptr;
      for (const Expr* conjunct : tests_[i]) {
         llvm::Value* isTrue = ops.isTrue(expressions.compile(*conjunct));
         pass = pass ? b.CreateAnd(pass, isTrue) : isTrue;
      }
      cx.ifThen(pass, [&] { test(values, i + 1); });
   }

   std::vector<std::vector<const Expr*>> tests_;  // each group is one branch
};

}  // namespace

std::unique_ptr<Translator> makeFilterTranslator(QueryCompiler& compiler, const Filter& op) { return std::make_unique<FilterTranslator>(compiler, op); }

}  // namespace kiln
