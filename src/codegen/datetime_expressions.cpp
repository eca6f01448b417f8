// extract and date_part in generated code, with PostgreSQL's answers for ±infinity:
// the fields that grow with time (year, decade, century, millennium, isoyear, epoch) are
// ±Infinity, the others NULL (NonFiniteTimestampTzPart, extract_date).
#include "codegen/expression_compiler.h"
#include "codegen/runtime_functions.h"
#include "common/date.h"
#include "common/timestamp.h"
#include "runtime/helpers.h"

namespace kiln {

namespace {

bool growsWithTime(FunctionId id) {
   switch (id) {
      case FunctionId::ExtractYear:
      case FunctionId::ExtractIsoYear:
      case FunctionId::ExtractDecade:
      case FunctionId::ExtractCentury:
      case FunctionId::ExtractMillennium:
      case FunctionId::ExtractEpoch: return true;
      default: return false;
   }
}

}  // namespace

SqlValue ExpressionCompiler::compileExtract(const Expr& e, const std::vector<SqlValue>& args) {
   auto& b = cx_.builder();
   const SqlValue& value = args[0];
   TypeId of = value.type.id;
   bool asDouble = e.type.isFloat();  // date_part: computed as extract's type, then converted
   SqlType type = asDouble ? e.constant().type : e.type;
   FunctionId id = e.functionId();
   SqlValue field = ops_.guardNulls(args, type, [&]() -> llvm::Value* {
      llvm::Type* result = cx_.valueType(type);
      if (id >= FunctionId::ExtractYear && id <= FunctionId::ExtractMillennium)
         return cx_.callRuntime(runtime::kiln_extract, {value.value, cx_.int32(int(id) - int(FunctionId::ExtractYear))});
      if (id == FunctionId::ExtractEpoch) {
         if (of == TypeId::Date) {
            // Whole seconds of the day's midnight since 1970-01-01.
            llvm::Value* days = b.CreateAdd(b.CreateSExt(value.value, cx_.i64()), cx_.int64(timestamp::unixEpochOffset / interval::microsPerDay));
            return b.CreateMul(days, cx_.int64(86'400));
         }
         // In 128 bits: the epoch's offset could overflow 64.
         int64_t sinceEpoch = of == TypeId::Time ? 0 : timestamp::unixEpochOffset;
         llvm::Value* micros = b.CreateAdd(b.CreateSExt(value.value, cx_.i128()), cx_.int128(sinceEpoch));
         if (of == TypeId::Time) return micros;
         // Where that overflows 64 bits, PostgreSQL 15 divides in numeric to 4 decimals.
         llvm::Value* beyond = b.CreateICmpSGE(value.value, cx_.int64(INT64_MAX - timestamp::unixEpochOffset));
         llvm::Value* rounded = b.CreateMul(b.CreateSDiv(b.CreateAdd(micros, cx_.int128(50)), cx_.int128(100)), cx_.int128(100));
         return b.CreateSelect(beyond, rounded, micros);
      }
      llvm::Value* micros;
      if (of == TypeId::Time) {
         // A time is its own time of day, up to 24:00:00 (hour 24).
         llvm::Value* t = value.value;
         micros = id == FunctionId::ExtractHour     ? b.CreateSDiv(t, cx_.int64(timestamp::microsPerHour))
                  : id == FunctionId::ExtractMinute ? b.CreateSRem(b.CreateSDiv(t, cx_.int64(timestamp::microsPerMinute)), cx_.int64(60))
                                                    : b.CreateSRem(t, cx_.int64(timestamp::microsPerMinute));
      } else {
         micros = cx_.callRuntime(runtime::kiln_timestamp_field, {value.value, cx_.int32(int(id) - int(FunctionId::ExtractHour))});
      }
      return b.CreateSExtOrTrunc(micros, result);
   });
   if (of == TypeId::Time) return field;
   llvm::Value* infinite = b.CreateAnd(b.CreateNot(ops_.isNull(value)),
                                       of == TypeId::Date ? ops_.isInfiniteDate(value.value) : ops_.isInfiniteTimestamp(value.value));
   if (asDouble) field = ops_.cast(field, e.type, false);
   if (!growsWithTime(id)) {
      field.isNull = field.isNull ? b.CreateOr(field.isNull, infinite) : infinite;
      return field;
   }
   if (!asDouble) {
      cx_.errorIf(infinite, int32_t(RuntimeError::InfiniteExtractField));
      return field;
   }
   llvm::Value* positive = of == TypeId::Date ? b.CreateICmpEQ(value.value, cx_.int32(date::infinity))
                                              : b.CreateICmpEQ(value.value, cx_.int64(timestamp::infinity));
   llvm::Value* infinity = b.CreateSelect(positive, llvm::ConstantFP::getInfinity(cx_.f64()), llvm::ConstantFP::getInfinity(cx_.f64(), true));
   field.value = b.CreateSelect(infinite, infinity, field.value);
   return field;
}

}  // namespace kiln
