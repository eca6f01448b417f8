// Map: new IUs computed from expressions, each where it is first used.
#include <algorithm>

#include "codegen/expression_compiler.h"
#include "codegen/query_compiler.h"

namespace kiln {

namespace {

class MapTranslator : public Translator {
   public:
   MapTranslator(QueryCompiler& compiler, const Map& map) : Translator(compiler, &map), map_(map) {}

   /// Every row passes on (a key filter on a computed column finds no scan column to test).
   std::vector<ProbeKeyFilter> probeKeyFilters(const Translator&) override { return parent_ ? parent_->probeKeyFilters(*this) : std::vector<ProbeKeyFilter>(); }

   void produce() override { child().produce(); }
   bool parallelSafe(const Translator&) const override {
      return std::none_of(map_.computations.begin(), map_.computations.end(), [](auto& c) { return c.expression->isVolatile(); });
   }

   void consume(IUValues& values, Translator&) override {
      CodeContext& cx = compiler_.cx();
      for (auto& computation : map_.computations) {
         const Expr* expression = computation.expression.get();
         values.setLazy(computation.output, [&cx, &values, expression] { return ExpressionCompiler(cx, values).compile(*expression); });
      }
      consumeParent(values);
   }

   private:
   const Map& map_;
};

}  // namespace

std::unique_ptr<Translator> makeMapTranslator(QueryCompiler& compiler, const Map& op) { return std::make_unique<MapTranslator>(compiler, op); }

}  // namespace kiln
