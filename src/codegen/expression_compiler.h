// Compiles a typed expression into IR over the values of the IUs it reads.
#pragma once

#include "algebra/expression.h"
#include "codegen/iu_values.h"
#include "codegen/sql_ops.h"

namespace kiln {

class ExpressionCompiler {
   public:
   ExpressionCompiler(CodeContext& cx, IUValues& values) : cx_(cx), ops_(cx), values_(values) {}

   SqlValue compile(const Expr& e);
   /// Produces every IU `e` reads here, so that branches inside `e` can all use them; column loads
   /// (IUValues' load-only values) are left to the branches that read them.
   void materializeInputs(const Expr& e);

   private:
   SqlValue compileCase(const Expr& e);
   SqlValue compileShortCircuit(const Expr& e);
   SqlValue compileInList(const Expr& e);
   SqlValue compileFunction(const Expr& e);
   /// GREATEST or LEAST: the extreme of the non-NULL arguments.
   SqlValue compileExtremum(const Expr& e, const std::vector<SqlValue>& args);
   /// extract and date_part of dates, times and timestamps (datetime_expressions.cpp).
   SqlValue compileExtract(const Expr& e, const std::vector<SqlValue>& args);
   /// ARRAY[...], subscripts and the array operators (array_expressions.cpp).
   SqlValue compileArrayOperator(const Expr& e, const std::vector<SqlValue>& args);
   SqlValue phi(llvm::Value* condition, const std::function<SqlValue()>& then, const std::function<SqlValue()>& otherwise, SqlType type);

   CodeContext& cx_;
   SqlOps ops_;
   IUValues& values_;
};

}  // namespace kiln
