// Series: a loop inside the input's pipeline that hands each value of the series to the parent
// together with the input tuple.
#include <llvm/IR/Intrinsics.h>

#include "codegen/expression_compiler.h"
#include "codegen/loop.h"
#include "codegen/query_compiler.h"
#include "codegen/runtime_functions.h"

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
         if (iu != series_.output && iu != series_.ordinality) values.get(iu);
      ExpressionCompiler expressions(cx, values);
      // LEFT JOIN: whether the input tuple has had a value.
      llvm::Value* produced = series_.keepEmpty ? cx.entryAlloca(cx.i1(), "produced") : nullptr;
      if (produced) b.CreateStore(cx.boolean(false), produced);
      if (series_.unnest) {
         SqlValue array = expressions.compile(*series_.start);
         cx.ifThen(b.CreateNot(ops.isNull(array)), [&] { unnest(values, array, produced); });
      } else {
         SqlValue start = expressions.compile(*series_.start), stop = expressions.compile(*series_.stop);
         cx.ifThen(b.CreateNot(b.CreateOr(ops.isNull(start), ops.isNull(stop))), [&] { count(values, start, stop, produced); });
      }
      if (produced)
         cx.ifThen(b.CreateNot(b.CreateLoad(cx.i1(), produced)), [&] {
            values.set(series_.output, ops.nullOf(series_.output->type));
            if (series_.ordinality) values.set(series_.ordinality, ops.nullOf(series_.ordinality->type));
            consumeParent(values);
         });
   }

   private:
   /// The integers or timestamps from `start` to `stop`.
   void count(IUValues& values, const SqlValue& start, const SqlValue& stop, llvm::Value* produced) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      {
         // In 64 bits; an INTEGER series ends before leaving its range, a BIGINT one where the
         // next value would overflow (as in PostgreSQL).
         llvm::Value* first = b.CreateSExt(start.value, cx.i64());
         llvm::Value* last = b.CreateSExt(stop.value, cx.i64());
         Loop loop(cx, "series", {first, cx.int64(1)});
         llvm::Value* current = loop[0];
         llvm::Value* position = loop[1];
         // A LIMIT above may have had all its rows: then the rest of the series does not matter.
         llvm::Value* inRange = rising() ? b.CreateICmpSLE(current, last) : b.CreateICmpSGE(current, last);
         llvm::Value* done = b.CreateICmpNE(cx.state().pipelineDone().load(cx), cx.int8(0));
         loop.runWhile(b.CreateAnd(inRange, b.CreateNot(done)));
         cx.checkInterruptEvery4096(position);
         llvm::Type* type = cx.valueType(series_.output->type);
         values.set(series_.output, {b.CreateTrunc(current, type), series_.output->nullable ? cx.boolean(false) : nullptr, series_.output->type});
         setOrdinality(values, position);
         consumeParent(values);
         if (produced) b.CreateStore(cx.boolean(true), produced);
         if (series_.interval) {
            // The timestamp plus the interval, on the calendar (as the + operator computes it).
            const Interval& v = *series_.interval;
            llvm::Value* step = cx.entryAlloca(cx.intervalType());
            llvm::Value* constant = llvm::ConstantStruct::get(llvm::cast<llvm::StructType>(cx.intervalType()),
                                                              {cx.int32(v.months), cx.int32(v.days), cx.int64(v.micros)});
            b.CreateStore(constant, step);
            const RuntimeFunction& add = series_.output->type.id == TypeId::TimestampTz ? runtime::kiln_timestamptz_add_interval
                                                                                        : runtime::kiln_timestamp_add_interval;
            loop.repeat({cx.callRuntime(add, {current, step, cx.int32(1)}), b.CreateAdd(position, cx.int64(1))});
         } else {
            llvm::Value* sum = b.CreateBinaryIntrinsic(llvm::Intrinsic::sadd_with_overflow, current, cx.int64(series_.step));
            loop.repeatUnless(b.CreateExtractValue(sum, 1), {b.CreateExtractValue(sum, 0), b.CreateAdd(position, cx.int64(1))});
         }
      }
   }

   /// The elements of `array`, each read from its text as the element type.
   void unnest(IUValues& values, const SqlValue& array, llvm::Value* produced) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      SqlOps::UnpackedArray elements = ops.unpackArray(array.value);
      cx.forRange(cx.int64(0), elements.count, [&](llvm::Value* index) {
         // A LIMIT above may have had all its rows: then the rest does not matter.
         llvm::Value* done = b.CreateICmpNE(cx.state().pipelineDone().load(cx), cx.int8(0));
         cx.ifThen(b.CreateNot(done), [&] {
            values.set(series_.output, ops.cast(ops.arrayElement(elements, index), series_.output->type, false));
            setOrdinality(values, b.CreateAdd(index, cx.int64(1)));
            consumeParent(values);
            if (produced) b.CreateStore(cx.boolean(true), produced);
         });
      });
   }

   void setOrdinality(IUValues& values, llvm::Value* position) {
      if (series_.ordinality)
         values.set(series_.ordinality, {position, series_.ordinality->nullable ? compiler_.cx().boolean(false) : nullptr, SqlType::bigInt()});
   }

   /// Whether the series counts up: an interval step as PostgreSQL compares it with zero (a month 30 days).
   bool rising() const {
      if (!series_.interval) return series_.step > 0;
      const Interval& v = *series_.interval;
      return (__int128(v.months) * 30 + v.days) * 86'400'000'000LL + v.micros > 0;
   }

   const Series& series_;
};

}  // namespace

std::unique_ptr<Translator> makeSeriesTranslator(QueryCompiler& compiler, const Series& op) { return std::make_unique<SeriesTranslator>(compiler, op); }

}  // namespace kiln
