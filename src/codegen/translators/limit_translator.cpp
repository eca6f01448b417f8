// LIMIT/OFFSET: a row counter decides which tuples pass.
#include "codegen/query_compiler.h"

namespace kiln {

namespace {

class LimitTranslator : public Translator {
   public:
   LimitTranslator(QueryCompiler& compiler, const Limit& limit) : Translator(compiler, &limit), limit_(limit) {}

   void produce() override {
      seen_ = compiler_.state().declare("limit_rows_seen", compiler_.cx().i64());
      compiler_.addSetup([seen = StateField(seen_)](QueryRuntime& rt) { rt.at<uint64_t>(seen) = 0; });
      child().produce();
   }

   void consume(IUValues& values, Translator&) override {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      compiler_.noteStage("limit");
      llvm::Value* counter = seen_.pointer(cx);
      llvm::Value* n = b.CreateLoad(cx.i64(), counter);
      llvm::Value* seen = b.CreateAdd(n, cx.int64(1));
      b.CreateStore(seen, counter);
      uint64_t end = limit_.limit > UINT64_MAX - limit_.offset ? UINT64_MAX : limit_.offset + limit_.limit;
      llvm::Value* inside = b.CreateAnd(b.CreateICmpUGE(n, cx.int64(int64_t(limit_.offset))), b.CreateICmpULT(n, cx.int64(int64_t(end))));
      cx.ifThen(inside, [&] { consumeParent(values); });
      // Past the last row, the rest of the pipeline's rows would only be counted: it may stop.
      if (end != UINT64_MAX)
         cx.ifThen(b.CreateICmpUGE(seen, cx.int64(int64_t(end))), [&] { b.CreateStore(cx.int8(1), cx.state().pipelineDone().pointer(cx)); });
   }

   private:
   const Limit& limit_;
   QueryState::Field seen_;  // the rows that came
};

}  // namespace

std::unique_ptr<Translator> makeLimitTranslator(QueryCompiler& compiler, const Limit& op) { return std::make_unique<LimitTranslator>(compiler, op); }

}  // namespace kiln
