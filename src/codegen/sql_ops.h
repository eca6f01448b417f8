// SQL semantics over the IR builder, in one place: NULL propagation and three-valued logic,
// overflow-checked integer and DECIMAL arithmetic with PostgreSQL's scales, comparisons,
// casts, hashing, and moving values to and from memory. Operators and the expression compiler
// use these; none of them handles NULLs, overflow or scale by itself.
#pragma once

#include <functional>
#include <vector>

#include "algebra/expression.h"
#include "codegen/code_context.h"
#include "codegen/sql_value.h"
#include "runtime/helpers.h"

namespace kiln {

class SqlOps {
   public:
   explicit SqlOps(CodeContext& cx) : cx_(cx), b_(cx.builder()) {}

   SqlValue constant(const Value& value);
   SqlValue nullOf(SqlType type);

   /// Loads a value of `type` from `address`; `nullAddress` is the NULL byte, or nullptr.
   SqlValue load(llvm::Value* address, llvm::Value* nullAddress, SqlType type, bool nullable);
   void store(const SqlValue& value, llvm::Value* address, llvm::Value* nullAddress);

   /// i1: the value's NULL flag, false when it cannot be NULL.
   llvm::Value* isNull(const SqlValue& v);
   /// i1: a condition that is TRUE (neither FALSE nor NULL), as WHERE wants it.
   llvm::Value* isTrue(const SqlValue& v);

   /// Runs `compute` only when no input is NULL (so it may raise errors or call helpers safely);
   /// the result is NULL when any input is.
   SqlValue guardNulls(const std::vector<SqlValue>& inputs, SqlType resultType, const std::function<llvm::Value*()>& compute);

   SqlValue arithmetic(ArithOp op, const SqlValue& a, const SqlValue& b, SqlType resultType);
   SqlValue negate(const SqlValue& a);
   SqlValue compare(CompareOp op, const SqlValue& a, const SqlValue& b);
   /// Compares two non-NULL values of the same type.
   llvm::Value* compareValues(CompareOp op, llvm::Value* a, llvm::Value* b, SqlType type);
   /// -1, 0 or 1 for two non-NULL values of the same type (for sorting).
   llvm::Value* order(llvm::Value* a, llvm::Value* b, SqlType type);

   SqlValue logicalAnd(const SqlValue& a, const SqlValue& b);
   SqlValue logicalOr(const SqlValue& a, const SqlValue& b);
   SqlValue logicalNot(const SqlValue& a);

   SqlValue cast(const SqlValue& v, SqlType target, bool explicitCast);
   /// A DATE as a value to compare with TIMESTAMP or TIMESTAMPTZ ones (castForComparison).
   SqlValue dateForComparison(const SqlValue& v, SqlType target);
   /// i1: whether a non-NULL DATE (an i32) or TIMESTAMP / TIMESTAMPTZ (an i64) is ±infinity.
   llvm::Value* isInfiniteDate(llvm::Value* days);
   llvm::Value* isInfiniteTimestamp(llvm::Value* micros);

   /// Mixes the value (and its NULL flag) into `seed`.
   llvm::Value* hash(const SqlValue& v, llvm::Value* seed);
   /// A float with one representation per value as SQL compares them: 0 for -0, one NaN.
   /// An interval as PostgreSQL compares and hashes it: its microseconds, a month as 30 days (i128).
   llvm::Value* intervalSpan(llvm::Value* interval);
   llvm::Value* canonicalFloat(llvm::Value* value);
   /// Whether two values are the same group key (NULL equals NULL).
   llvm::Value* sameKey(const SqlValue& a, const SqlValue& b);

   /// A pointer to a copy of the string in a stack slot, for runtime helpers.
   llvm::Value* stringAddress(llvm::Value* string);
   /// Calls a helper that writes a string result through its last-but-arena pointer argument.
   llvm::Value* callStringHelper(const RuntimeFunction& function, std::vector<llvm::Value*> args, bool passArena);
   /// An array's elements as text and their NULL flags (kiln_array_unpack), for a loop over them.
   struct UnpackedArray {
      llvm::Value* count;  // an i64
      llvm::Value* elements;
      llvm::Value* nulls;
   };
   UnpackedArray unpackArray(llvm::Value* array);
   /// Element `index` (from 0) of an unpacked array, as a text value.
   SqlValue arrayElement(const UnpackedArray& array, llvm::Value* index);

   /// substring(s FROM from [FOR count]) of a non-NULL string; `count` is null without FOR.
   llvm::Value* substring(llvm::Value* s, llvm::Value* from, llvm::Value* count);

   llvm::Value* arena();

   /// A NUMERIC operation of kiln_numeric_unary on a non-NULL value; `digits` for round and trunc.
   llvm::Value* numericUnary(NumericUnary operation, llvm::Value* a, int32_t digits = 0);
   /// Calls a NUMERIC helper of non-NULL values that writes its result through the argument after
   /// them (kiln_numeric_log, kiln_numeric_power, ...).
   llvm::Value* numericHelper(const RuntimeFunction& function, const std::vector<SqlValue>& values);

   private:
   /// Raises `code` where `condition` holds for a value that is not NULL (`isNull`: its flag, or
   /// null when it cannot be NULL): a NULL's value is whatever the operations before it left.
   void errorUnlessNull(llvm::Value* condition, llvm::Value* isNull, int32_t code);
   /// a op b with the type's out-of-range error on overflow (unless the result is NULL).
   llvm::Value* checkedIntegerOp(llvm::Intrinsic::ID id, llvm::Value* a, llvm::Value* b, SqlType type, llvm::Value* isNull = nullptr);
   /// One field of an interval sum or difference: 22008 "interval out of range" on overflow.
   llvm::Value* checkedIntervalOp(llvm::Intrinsic::ID id, llvm::Value* a, llvm::Value* b, llvm::Value* isNull);
   /// +, -, * or / of two floats with PostgreSQL's checks: overflow where finite inputs give an
   /// infinite result, underflow where nonzero ones give zero.
   llvm::Value* floatArithmetic(ArithOp op, llvm::Value* a, llvm::Value* b, SqlType type, llvm::Value* isNull);
   llvm::Value* isInfinite(llvm::Value* x);
   llvm::Value* decimalArithmetic(ArithOp op, const SqlValue& a, const SqlValue& b, SqlType resultType);
   /// a * b for 128-bit values, raising numeric overflow when the product does not fit.
   llvm::Value* checkedMultiply(llvm::Value* a, llvm::Value* b);
   llvm::Value* rescale(llvm::Value* v, SqlType from, unsigned toScale, llvm::Type* width);
   llvm::Value* divideRounded(llvm::Value* v, __int128 divisor);
   void checkPrecision(llvm::Value* v, unsigned precision);
   void checkIntegerRange(llvm::Value* wide, SqlType target);
   llvm::Value* castValue(const SqlValue& v, SqlType target, bool explicitCast);
   /// TIMESTAMP(p), TIMESTAMPTZ(p), TIME(p): microseconds rounded to p fractional digits.
   llvm::Value* roundFraction(llvm::Value* micros, SqlType type);
   llvm::Value* toText(const SqlValue& v);
   llvm::Value* fromText(llvm::Value* string, SqlType target);
   llvm::Value* stringEquals(llvm::Value* a, llvm::Value* b, SqlType type);
   /// Two NUMERIC values equal, their display scales aside (1.10 = 1.1).
   llvm::Value* numericEquals(llvm::Value* a, llvm::Value* b);
   /// Casts to and from NUMERIC without a precision, of a non-NULL value.
   llvm::Value* castNumeric(const SqlValue& v, SqlType target);
   /// Values of the type are compared by calling helpers: not for NULLs (their bytes are zero).
   static bool callsHelpers(SqlType type) { return type.isStringLike() || type.id == TypeId::Numeric; }
   llvm::Value* zeroOf(SqlType type);
   llvm::Value* boolToByte(llvm::Value* v) { return b_.CreateZExt(v, cx_.i8()); }
   llvm::Value* byteToBool(llvm::Value* v) { return b_.CreateICmpNE(v, cx_.int8(0)); }

   CodeContext& cx_;
   llvm::IRBuilder<>& b_;
};

}  // namespace kiln
