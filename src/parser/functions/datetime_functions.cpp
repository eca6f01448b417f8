// The type rules of the date and time functions (their entries: algebra/functions/datetime_functions.cpp).
// An untyped argument or a date is a timestamptz where PostgreSQL resolves it as the preferred
// type of its category.
#include "parser/expression_binder.h"
#include "parser/function_binder.h"

namespace kiln {

namespace {

/// Dates count as their midnights; timestamptz values as the session's local times, whose
/// fields PostgreSQL subtracts.
ExprPtr age(const FunctionBinding& call) {
   std::vector<ExprPtr>& args = call.args;
   if (args.size() == 1) args.insert(args.begin(), ExpressionBinder::coerce(call.binder.currentTimestamp(call.position), SqlType::date()));
   for (auto& arg : args) {
      TypeId id = arg->type.id;
      if (id != TypeId::Timestamp && id != TypeId::TimestampTz && id != TypeId::Date && id != TypeId::Unknown) throw call.noSuchFunction();
      arg = ExpressionBinder::coerce(std::move(arg), SqlType::timestamp());
   }
   return call.make(SqlType::interval());
}

ExprPtr isFinite(const FunctionBinding& call) {
   TypeId id = call.args[0]->type.id;
   if (id == TypeId::Unknown) throw Error("42725", "function isfinite(unknown) is not unique", call.position);
   if (id != TypeId::Date && id != TypeId::Timestamp && id != TypeId::TimestampTz && id != TypeId::Interval && id != TypeId::Time) throw call.noSuchFunction();
   return call.make(SqlType::boolean());
}

ExprPtr toChar(const FunctionBinding& call) {
   ExprPtr& value = call.args[0];
   // A date is shown as a timestamptz (the preferred type of its category), as PostgreSQL does.
   if (value->type.id == TypeId::Date) value = ExpressionBinder::coerce(std::move(value), SqlType::timestampTz());
   TypeId shown = value->type.id;
   if (value->type.isNumeric()) return call.make(SqlType::text());
   if (shown != TypeId::Timestamp && shown != TypeId::TimestampTz && shown != TypeId::Interval) throw call.noSuchFunction();
   auto e = call.make(SqlType::text());
   e->nullable = true;  // also for an empty pattern
   return e;
}

ExprPtr atTimeZone(const FunctionBinding& call) {
   std::vector<ExprPtr>& args = call.args;
   if (args[0]->type.id != TypeId::Interval) call.convert(0, ParameterType::Text);
   if (args[1]->type.id == TypeId::Unknown || args[1]->type.id == TypeId::Date) args[1] = ExpressionBinder::coerce(std::move(args[1]), SqlType::timestampTz());
   if (args[1]->type.id == TypeId::Time) throw Error("0A000", "time with time zone is not supported yet", call.position);
   if (args[1]->type.id == TypeId::Timestamp) return call.make(SqlType::timestampTz());
   if (args[1]->type.id == TypeId::TimestampTz) return call.make(SqlType::timestamp());
   throw call.noSuchFunction();
}

ExprPtr justify(const FunctionBinding& call) {
   ExprPtr& arg = call.args[0];
   if (arg->type.id == TypeId::Unknown) arg = ExpressionBinder::coerce(std::move(arg), SqlType::interval());
   if (arg->type.id != TypeId::Interval) throw call.noSuchFunction();
   return call.make(SqlType::interval());
}

ExprPtr toTimestampEpoch(const FunctionBinding& call) {
   ExprPtr& seconds = call.args[0];
   if (!seconds->type.isNumeric() && seconds->type.id != TypeId::Unknown) return nullptr;
   seconds = ExpressionBinder::coerce(std::move(seconds), SqlType::double_());
   return call.make(SqlType::timestampTz());
}

/// A local time of the session's zone, as PostgreSQL reads one without a zone.
ExprPtr toTimestamp(const FunctionBinding& call) { return ExpressionBinder::coerce(call.make(SqlType::timestamp()), SqlType::timestampTz()); }

ExprPtr makeDate(const FunctionBinding& call) {
   for (auto& arg : call.args) {
      if ((arg->type.id != TypeId::Unknown && !arg->type.isInteger()) || arg->type.id == TypeId::BigInt) throw call.noSuchFunction();
      arg = ExpressionBinder::coerce(std::move(arg), SqlType::integer());
   }
   return call.make(SqlType::date());
}

}  // namespace

std::span<const FunctionBinder> datetimeFunctionBinders() {
   static constexpr FunctionBinder binders[] = {
      {FunctionId::Age, age},
      {FunctionId::IsFinite, isFinite},
      {FunctionId::ToChar, toChar},
      {FunctionId::AtTimeZone, atTimeZone},
      {FunctionId::JustifyDays, justify},
      {FunctionId::JustifyHours, justify},
      {FunctionId::JustifyInterval, justify},
      {FunctionId::ToTimestampEpoch, toTimestampEpoch},
      {FunctionId::ToTimestamp, toTimestamp},
      {FunctionId::MakeDate, makeDate},
   };
   return binders;
}

}  // namespace kiln
