// Series: a loop inside the input's pipeline that hands each value of the series to the parent
// together with the input tuple.
#include <llvm/IR/Intrinsics.h>

#include "codegen/expression_compiler.h"
#include "codegen/query_compiler.h"

namespace kiln {

namespace {

class SeriesTranslator : public Translator {
   public:
   SeriesTranslator(QueryCompiler& compiler, const Series& series) : Translator(compiler, &series), series_(series) {}

   void produce() override { child().produce(); }

   void consume(IUValues& values, Translator&) override {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      compiler_.noteStage("series");
      // The parent's code runs once per value: the input values it reads are produced before
      // the loop, so that every iteration may use them.
      for (const IU* iu : compiler_.required(op_))
         if (iu != series_.output) values.get(iu);
      ExpressionCompiler expressions(cx, values);
      SqlValue start = expressions.compile(*series_.start), stop = expressions.compile(*series_.stop);
      llvm::Value* anyNull = b.CreateOr(ops.isNull(start), ops.isNull(stop));
      // LEFT JOIN: whether the input tuple has had a value.
      llvm::Value* produced = series_.keepEmpty ? cx.entryAlloca(cx.i1(), "produced") : nullptr;
      if (produced) b.CreateStore(cx.boolean(false), produced);
      cx.ifThen(b.CreateNot(anyNull), [&] {
         // In 64 bits; an INTEGER series ends before leaving its range, a BIGINT one where the
         // next value would overflow (as in PostgreSQL).
         llvm::Value* first = b.CreateSExt(start.value, cx.i64());
         llvm::Value* last = b.CreateSExt(stop.value, cx.i64());
         llvm::BasicBlock* before = b.GetInsertBlock();
         auto* header = cx.newBlock("series");
         auto* body = cx.newBlock("series_body");
         auto* after = cx.newBlock("series_end");
         b.CreateBr(header);
         b.SetInsertPoint(header);
         llvm::PHINode* current = b.CreatePHI(cx.i64(), 2, "value");
         current->addIncoming(first, before);
         // A LIMIT above may have had all its rows: then the rest of the series does not matter.
         llvm::Value* inRange = rising() ? b.CreateICmpSLE(current, last) : b.CreateICmpSGE(current, last);
         llvm::Value* done = b.CreateICmpNE(b.CreateLoad(cx.i8(), cx.loadSlot(QueryRuntime::pipelineDoneSlot)), cx.int8(0));
         b.CreateCondBr(b.CreateAnd(inRange, b.CreateNot(done)), body, after);
         b.SetInsertPoint(body);
         llvm::Type* type = cx.valueType(series_.output->type);
         values.set(series_.output, {b.CreateTrunc(current, type), series_.output->nullable ? cx.boolean(false) : nullptr, series_.output->type});
         consumeParent(values);
         if (produced) b.CreateStore(cx.boolean(true), produced);
         if (series_.interval) {
            // The timestamp plus the interval, on the calendar (as the + operator computes it).
            const Interval& v = *series_.interval;
            llvm::Value* step = cx.entryAlloca(cx.intervalType());
            llvm::Value* constant = llvm::ConstantStruct::get(llvm::cast<llvm::StructType>(cx.intervalType()),
                                                              {cx.int32(v.months), cx.int32(v.days), cx.int64(v.micros)});
            b.CreateStore(constant, step);
            const char* add = series_.output->type.id == TypeId::TimestampTz ? "kiln_timestamptz_add_interval" : "kiln_timestamp_add_interval";
            current->addIncoming(cx.callRuntime(add, {current, step, cx.int32(1)}), b.GetInsertBlock());
            b.CreateBr(header);
         } else {
            llvm::Value* sum = b.CreateBinaryIntrinsic(llvm::Intrinsic::sadd_with_overflow, current, cx.int64(series_.step));
            current->addIncoming(b.CreateExtractValue(sum, 0), b.GetInsertBlock());
            b.CreateCondBr(b.CreateExtractValue(sum, 1), after, header);
         }
         b.SetInsertPoint(after);
      });
      if (produced)
         cx.ifThen(b.CreateNot(b.CreateLoad(cx.i1(), produced)), [&] {
            values.set(series_.output, ops.nullOf(series_.output->type));
            consumeParent(values);
         });
   }

   private:
   /// Whether the series counts up: an interval step as PostgreSQL compares it with zero (a month 30 days).
   bool rising() const {
      if (!series_.interval) return series_.step > 0;
      const Interval& v = *series_.interval;
      return (__int128(v.months) * 30 + v.days) * 86'400'000'000LL + v.micros > 0;
   }

   const Series& series_;
};

}  // namespace

std::unique_ptr<Translator> makeSeriesTranslator(QueryCompiler& compiler, const Series& op) {
   return std::make_unique<SeriesTranslator>(compiler, op);
}

}  // namespace kiln
