#include "parser/expression_binder.h"
#include "parser/function_binder.h"
#include "parser/scalar_function_binder.h"
#include "parser/session_identity.h"

#include <algorithm>
#include <cstring>

#include "algebra/literal_slots.h"
#include "common/decimal.h"
#include "common/utf8.h"
#include "parser/constant_folding.h"
#include "parser/literal_values.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

/// The operator's name without a schema: ["pg_catalog", "+"] -> "+".
std::string operatorName(size_t n, PgQuery__Node** names) { return n ? stringOf(names[n - 1]) : ""; }

bool anyNullable(const std::vector<ExprPtr>& es) {
   return std::any_of(es.begin(), es.end(), [](auto& e) { return e->nullable; });
}

/// The constant `value`, converted from the constant `from` by `step`: it holds what `from` held of
/// the statement's literals.
ExprPtr convertedConstant(const Expr& from, Value value, LiteralSlots::Step step, SqlType target, int position) {
   auto e = Expr::constantOf(std::move(value));
   e->position = position;
   LiteralSlots* slots = LiteralSlots::current();
   if (from.literal >= 0 && slots) e->literal = slots->converted(from.literal, step, target);
   return e;
}

bool isFixedPoint(SqlType type) { return type.isInteger() || type.id == TypeId::Decimal; }

/// A type as one number, for a guard on a literal (LiteralSlots::guard); -1 for none.
int64_t typeCode(const std::optional<SqlType>& type) {
   if (!type) return -1;
   return int64_t(type->id) << 48 | int64_t(type->precision) << 40 | int64_t(type->scale) << 32 | type->length;
}

/// The DECIMAL a NUMERIC literal is exactly, for it to meet a DECIMAL or an integer in fixed-point
/// arithmetic or comparisons: its scale is known when binding, so fixed-point arithmetic gives it
/// PostgreSQL's scale without a NUMERIC per row. Nullopt for anything else.
std::optional<SqlType> fixedPointLiteral(const ExprPtr& e) {
   if (e->kind != ExprKind::Constant || e->literalValue().isNull || e->type.id != TypeId::Numeric) return std::nullopt;
   guardLiteral(*e, LiteralSlots::Decision::FixedPointType, [](const Value& v) { return typeCode(types::exactDecimal(v.numeric())); });
   return types::exactDecimal(e->literalValue().numeric());
}

/// For `a op b` (+, -, * or %) of a NUMERIC literal and a fixed-point value: the literal as its
/// DECIMAL where the fixed-point result is exact (needs no cap at 38 digits).
void literalsAsFixedPoint(ArithOp op, ExprPtr& a, ExprPtr& b) {
   if (op == ArithOp::Div || op == ArithOp::Concat) return;
   for (int side = 0; side < 2; ++side) {
      ExprPtr& literal = side ? b : a;
      const ExprPtr& other = side ? a : b;
      auto fixed = fixedPointLiteral(literal);
      if (!fixed || !isFixedPoint(other->type)) continue;
      SqlType x = *fixed, y = types::asDecimal(other->type);
      unsigned integral = std::max(x.precision - x.scale, y.precision - y.scale), scale = std::max(x.scale, y.scale);
      bool exact = op == ArithOp::Mul   ? x.precision + y.precision <= decimal::maxPrecision && x.scale + y.scale <= decimal::maxPrecision
                   : op == ArithOp::Mod ? integral + scale <= decimal::maxPrecision
                                        : integral + 1 + scale <= decimal::maxPrecision;
      if (exact) literal = ExpressionBinder::coerce(std::move(literal), x);
   }
}

/// `literal` as fixed-point where it meets a fixed-point `other` (see fixedPointLiteral).
ExprPtr literalForFixedPoint(ExprPtr literal, SqlType other) {
   if (!isFixedPoint(other)) return literal;
   auto fixed = fixedPointLiteral(literal);
   return fixed ? ExpressionBinder::coerce(std::move(literal), *fixed) : std::move(literal);
}

/// What an untyped literal `text` compared with a CHAR(n), VARCHAR(n) or DECIMAL value is read as
/// first (see literalForComparison); nullopt where it stays untyped.
std::optional<SqlType> comparisonType(const std::string& text, SqlType other) {
   if (other.id == TypeId::Char || other.id == TypeId::Varchar) {
      if (characterCount(text) <= int64_t(other.length)) return std::nullopt;
      return other.id == TypeId::Char ? SqlType::char_(0) : SqlType::varchar(0);
   }
   size_t first = text.find_first_not_of(' '), last = text.find_last_not_of(' ');
   if (first == std::string::npos) return std::nullopt;
   std::string number = text.substr(first, last - first + 1);
   size_t sign = number[0] == '+' || number[0] == '-' ? 1 : 0;
   // Digits with at most one point, as a numeric literal is written; anything else converts as before.
   bool plain = number.find_first_not_of("0123456789.", sign) == std::string::npos && number.find_first_of("0123456789") != std::string::npos &&
                std::count(number.begin(), number.end(), '.') <= 1;
   if (!plain) return std::nullopt;
   auto natural = types::exactDecimal(Numeric::parse(number));
   if (!natural) return SqlType::numeric();
   if (natural->scale <= other.scale && natural->precision - natural->scale <= other.precision - other.scale) return std::nullopt;
   return natural;
}

/// An untyped literal compared with a value whose type has modifiers is read as PostgreSQL reads
/// it, as that type without them, where they would change it ('abc' against CHAR(1), '1.234'
/// against NUMERIC(15,2), '10:00:00.4' against TIMESTAMP(0)): it keeps its whole value, and the
/// comparison its outcome. A literal the modifiers leave as it is keeps them, so that the other
/// side needs no cast (and stays a column that an index or a prefilter can use).
ExprPtr literalForComparison(ExprPtr literal, SqlType other) {
   if (literal->kind != ExprKind::Constant || literal->type.id != TypeId::Unknown || literal->literalValue().isNull) return literal;
   bool fractionalSeconds = other.id == TypeId::Timestamp || other.id == TypeId::TimestampTz || other.id == TypeId::Time;
   if (fractionalSeconds && other.precision > 0) return ExpressionBinder::coerce(std::move(literal), SqlType{other.id});
   bool bounded = ((other.id == TypeId::Char || other.id == TypeId::Varchar) && other.length > 0) || other.id == TypeId::Decimal;
   if (!bounded) return literal;
   guardLiteral(*literal, LiteralSlots::Decision::ComparisonType, [other](const Value& v) { return typeCode(comparisonType(v.string, other)); });
   auto type = comparisonType(literal->literalValue().string, other);
   return type ? ExpressionBinder::coerce(std::move(literal), *type) : std::move(literal);
}

/// A parameter compared with a CHAR(n), VARCHAR(n), TIMESTAMP(p), TIMESTAMPTZ(p) or TIME(p) value
/// takes the type without the modifier, as in PostgreSQL: a longer string then matches nothing
/// instead of failing with 22001, and a moment keeps its microseconds instead of being rounded to
/// the column's precision. Both sides compare as stored (CHAR without trailing blanks, moments in
/// microseconds), so the other side needs no cast and an index or prefilter on it still applies.
/// Whether `parameter` was such a parameter.
bool parameterWithoutModifier(ExprPtr& parameter, const Expr& other) {
   if (parameter->kind != ExprKind::Parameter || parameter->type.id != TypeId::Unknown) return false;
   SqlType type = other.type;
   if ((type.id == TypeId::Char || type.id == TypeId::Varchar) && type.length > 0) type.length = 0;
   else if ((type.id == TypeId::Timestamp || type.id == TypeId::TimestampTz || type.id == TypeId::Time) && type.precision > 0) type.precision = 0;
   else return false;
   parameter = ExpressionBinder::coerce(std::move(parameter), type);
   return true;
}

/// A parameter in arithmetic with, or compared with, a NUMERIC(p,s) value is typed NUMERIC without
/// the modifiers, as in PostgreSQL: a bound 0.001 added to a NUMERIC(5,2) keeps its thousandths
/// instead of being rounded to the value's scale, and a bound 1.005 equals no NUMERIC(6,2) value
/// (rounded, it would equal 1.01). Whether `parameter` was such a parameter.
bool parameterAsNumeric(ExprPtr& parameter, const SqlType& other) {
   if (parameter->kind != ExprKind::Parameter || parameter->type.id != TypeId::Unknown || other.id != TypeId::Decimal) return false;
   parameter = ExpressionBinder::coerce(std::move(parameter), SqlType::numeric());
   return true;
}

/// `op` with its operands swapped: a < b is b > a.
CompareOp commuted(CompareOp op) {
   switch (op) {
      case CompareOp::Lt: return CompareOp::Gt;
      case CompareOp::Le: return CompareOp::Ge;
      case CompareOp::Gt: return CompareOp::Lt;
      case CompareOp::Ge: return CompareOp::Le;
      default: return op;
   }
}

/// A DATE compared with a TIMESTAMP literal, which `unify` made a cast of the date, compares
/// with a DATE literal instead where one gives the same answers (folding::dateBound).
void compareDateAsDate(ExprPtr& left, ExprPtr& right, CompareOp op) {
   auto isCastDate = [](const ExprPtr& e) { return e->kind == ExprKind::Cast && e->children[0]->type.id == TypeId::Date; };
   auto isTimestampLiteral = [](const ExprPtr& e) { return e->kind == ExprKind::Constant && !e->constant().isNull && e->type.id == TypeId::Timestamp; };
   bool dateLeft = isCastDate(left) && isTimestampLiteral(right);
   if (!dateLeft && !(isCastDate(right) && isTimestampLiteral(left))) return;
   ExprPtr& date = dateLeft ? left : right;
   ExprPtr& literal = dateLeft ? right : left;
   auto bound = folding::dateBound(dateLeft ? op : commuted(op), literal->constant().integer);
   if (!bound) return;
   int position = literal->position;
   literal = Expr::constantOf(std::move(*bound));
   literal->position = position;
   date = std::move(date->children[0]);
}

/// The type COALESCE, GREATEST and LEAST unify their arguments to; `what` names the construct in
/// the error.
SqlType commonArgumentType(const std::vector<ExprPtr>& args, const char* what) {
   // Arguments all of one type give it with its modifiers (COALESCE of a CHAR(4) is CHAR(4)), as
   // PostgreSQL's select_common_typmod.
   SqlType type = args.empty() ? SqlType::unknown() : args[0]->type;
   for (auto& arg : args) {
      auto common = types::common(type, arg->type);
      if (!common) throw Error("42804", std::string(what) + " types " + type.toString() + " and " + arg->type.toString() + " cannot be matched", arg->position);
      type = *common;
   }
   return type.id == TypeId::Unknown ? SqlType::text() : type;
}

}  // namespace

std::string stringOf(const PgQuery__Node* node) { return node && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : ""; }

std::string bareColumnName(const PgQuery__Node& node) {
   if (node.node_case != PG_QUERY__NODE__NODE_COLUMN_REF || node.column_ref->n_fields != 1) return "";
   return stringOf(node.column_ref->fields[0]);
}

ExprPtr ExpressionBinder::makeExpr(ExprKind kind, SqlType type, bool nullable, int position) {
   auto e = std::make_unique<Expr>(kind, type);
   e->nullable = nullable;
   e->position = position;
   return e;
}

ExprPtr ExpressionBinder::withPadding(ExprPtr e) {
   if (e->type.id != TypeId::Char || !e->type.length) return e;
   auto padded = makeExpr(ExprKind::Function, SqlType::text(), e->nullable, e->position);
   padded->op = uint8_t(FunctionId::RPad);
   padded->children.push_back(Expr::constantOf(Value::ofInteger(SqlType::bigInt(), int64_t(e->type.length))));
   padded->children.insert(padded->children.begin(), std::move(e));
   return padded;
}

ExprPtr ExpressionBinder::assign(ExprPtr e, SqlType target, const std::string& column) {
   if (!types::canAssign(e->type, target))
      throw Error("42804", "column \"" + column + "\" is of type " + target.toString() + " but expression is of type " + e->type.toString());
   return coerce(std::move(e), target);
}

ExprPtr ExpressionBinder::coerce(ExprPtr e, SqlType target) {
   if (e->type == target) return e;
   if (e->kind == ExprKind::Parameter && e->type.id == TypeId::Unknown && target.id != TypeId::Unknown) {
      *e->parameterType = e->type = target;
      return e;
   }
   if (e->kind == ExprKind::Constant) {
      std::optional<Value> folded;
      try {
         folded = folding::convert(e->literalValue(), target, false);
      } catch (Error& error) {
         if (!error.position()) error.setPosition(e->position);
         throw;
      }
      if (folded) return convertedConstant(*e, std::move(*folded), LiteralSlots::Step::Coerce, target, e->position);
   }
   if (!types::canCast(e->type, target)) throw Error("42804", "cannot convert " + e->type.toString() + " to " + target.toString(), e->position);
   auto c = makeExpr(ExprKind::Cast, target, e->nullable || castCanMakeNull(e->type, target), e->position);
   c->children.push_back(std::move(e));
   return c;
}

ExprPtr ExpressionBinder::cast(ExprPtr e, SqlType target, int position) {
   if (e->kind == ExprKind::Constant) {
      if (auto folded = folding::convert(e->literalValue(), target, true))
         return convertedConstant(*e, std::move(*folded), LiteralSlots::Step::Cast, target, position);
   }
   // An untyped parameter takes the type it is cast to, as in PostgreSQL: CAST($1 AS integer) is
   // bound as an integer, not as text converted for every execution. A length or precision is
   // left to the cast, which truncates or rounds what is bound.
   // TIMESTAMPTZ stays a cast of text, read in the session's time zone when the statement runs.
   TypeId scalar = target.isArray() ? target.element : target.id;
   if (e->kind == ExprKind::Parameter && e->type.id == TypeId::Unknown && target.id != TypeId::Unknown && scalar != TypeId::TimestampTz) {
      SqlType type = target;  // an array's modifiers are its element's
      if (scalar == TypeId::Char || scalar == TypeId::Varchar) type.length = 0;
      if (scalar == TypeId::Timestamp || scalar == TypeId::Time) type.precision = 0;
      e = coerce(std::move(e), type);
   }
   if (!types::canCast(e->type, target)) throw Error("42846", "cannot cast type " + e->type.toString() + " to " + target.toString(), position);
   if (e->type == target) return e;
   auto c = makeExpr(ExprKind::Cast, target, e->nullable || castCanMakeNull(e->type, target), position);
   c->negated = true;  // marks an explicit cast: strings are truncated rather than rejected
   c->children.push_back(std::move(e));
   return c;
}

void ExpressionBinder::unify(ExprPtr& a, ExprPtr& b, const std::string& what, int position) {
   b = literalForComparison(std::move(b), a->type);
   a = literalForComparison(std::move(a), b->type);
   b = literalForFixedPoint(std::move(b), a->type);
   a = literalForFixedPoint(std::move(a), b->type);
   if (parameterWithoutModifier(a, *b) || parameterWithoutModifier(b, *a)) return;
   if (!parameterAsNumeric(a, b->type)) parameterAsNumeric(b, a->type);
   // A literal left untyped fits the other side's type: the other side needs no cast.
   auto target = a->type.id == TypeId::Unknown   ? std::optional<SqlType>(b->type)
                 : b->type.id == TypeId::Unknown ? std::optional<SqlType>(a->type)
                                                 : types::common(a->type, b->type);
   if (!target) throw Error("42883", "operator does not exist: " + a->type.toString() + " " + what + " " + b->type.toString(), position);
   if (target->id == TypeId::Unknown) target = SqlType::text();
   // TEXT against CHAR compares as TEXT in PostgreSQL (trailing blanks of the TEXT side count),
   // where VARCHAR against CHAR compares as CHAR.
   bool textMeetsChar = (a->type.id == TypeId::Text && b->type.id == TypeId::Char) || (a->type.id == TypeId::Char && b->type.id == TypeId::Text);
   if (textMeetsChar) target = SqlType::text();
   a = coerceForComparison(std::move(a), *target);
   b = coerceForComparison(std::move(b), *target);
}

ExprPtr ExpressionBinder::coerceForComparison(ExprPtr e, SqlType target) {
   if (e->type.id != TypeId::Date || (target.id != TypeId::Timestamp && target.id != TypeId::TimestampTz)) return coerce(std::move(e), target);
   // A date meets a timestamp as PostgreSQL compares them: never out of range.
   if (e->kind == ExprKind::Constant)
      return convertedConstant(*e, folding::dateForComparison(e->literalValue(), target), LiteralSlots::Step::ForComparison, target, e->position);
   auto c = makeExpr(ExprKind::Cast, target, e->nullable, e->position);
   c->op = castForComparison;
   c->children.push_back(std::move(e));
   return c;
}

ExprPtr ExpressionBinder::bindCondition(const PgQuery__Node& node, const char* clause) {
   ExprPtr e = bind(node);
   if (e->type.id == TypeId::Unknown) e = coerce(std::move(e), SqlType::boolean());
   if (e->type.id != TypeId::Boolean)
      throw Error("42804", std::string("argument of ") + clause + " must be type boolean, not type " + e->type.toString(), e->position);
   return e;
}

ExprPtr ExpressionBinder::bind(const PgQuery__Node& node) {
   switch (node.node_case) {
      case PG_QUERY__NODE__NODE_COLUMN_REF: return bindColumnRef(*node.column_ref);
      case PG_QUERY__NODE__NODE_A_CONST: return bindConstant(*node.a_const);
      case PG_QUERY__NODE__NODE_TYPE_CAST: return bindTypeCast(*node.type_cast);
      case PG_QUERY__NODE__NODE_A_EXPR: return bindAExpr(*node.a_expr);
      case PG_QUERY__NODE__NODE_BOOL_EXPR: return bindBoolExpr(*node.bool_expr);
      case PG_QUERY__NODE__NODE_CASE_EXPR:
      case PG_QUERY__NODE__NODE_COALESCE_EXPR: {
         // A set-returning function would run whether or not its branch is taken: PostgreSQL refuses.
         bool isCase = node.node_case == PG_QUERY__NODE__NODE_CASE_EXPR;
         const char* outer = conditional_;
         conditional_ = isCase ? "CASE" : "COALESCE";
         ExprPtr e = isCase ? bindCase(*node.case_expr) : bindCoalesce(*node.coalesce_expr);
         conditional_ = outer;
         return e;
      }
      case PG_QUERY__NODE__NODE_MIN_MAX_EXPR: return bindMinMax(*node.min_max_expr);
      case PG_QUERY__NODE__NODE_FUNC_CALL: return bindFuncCall(*node.func_call);
      case PG_QUERY__NODE__NODE_GROUPING_FUNC: return bindGrouping(*node.grouping_func);
      case PG_QUERY__NODE__NODE_NULL_TEST: {
         const auto& test = *node.null_test;
         auto e = makeExpr(ExprKind::IsNull, SqlType::boolean(), false, test.location + 1);
         e->negated = test.nulltesttype == PG_QUERY__NULL_TEST_TYPE__IS_NOT_NULL;
         e->children.push_back(bind(*test.arg));
         return e;
      }
      case PG_QUERY__NODE__NODE_BOOLEAN_TEST: {
         // x IS [NOT] TRUE/FALSE never yields NULL; IS [NOT] UNKNOWN is a NULL test.
         const auto& test = *node.boolean_test;
         int position = test.location + 1;
         ExprPtr arg = bindCondition(*test.arg, "IS TRUE");
         auto type = test.booltesttype;
         if (type == PG_QUERY__BOOL_TEST_TYPE__IS_UNKNOWN || type == PG_QUERY__BOOL_TEST_TYPE__IS_NOT_UNKNOWN) {
            auto e = makeExpr(ExprKind::IsNull, SqlType::boolean(), false, position);
            e->negated = type == PG_QUERY__BOOL_TEST_TYPE__IS_NOT_UNKNOWN;
            e->children.push_back(std::move(arg));
            return e;
         }
         bool wantTrue = type == PG_QUERY__BOOL_TEST_TYPE__IS_TRUE || type == PG_QUERY__BOOL_TEST_TYPE__IS_NOT_TRUE;
         bool negated = type == PG_QUERY__BOOL_TEST_TYPE__IS_NOT_TRUE || type == PG_QUERY__BOOL_TEST_TYPE__IS_NOT_FALSE;
         if (!wantTrue) {
            auto n = makeExpr(ExprKind::Not, SqlType::boolean(), arg->nullable, position);
            n->children.push_back(std::move(arg));
            arg = std::move(n);
         }
         // CASE WHEN arg THEN NOT negated ELSE negated END
         auto e = makeExpr(ExprKind::Case, SqlType::boolean(), false, position);
         e->hasElse = true;
         e->children.push_back(std::move(arg));
         e->children.push_back(Expr::constantOf(Value::ofBool(!negated)));
         e->children.push_back(Expr::constantOf(Value::ofBool(negated)));
         return e;
      }
      case PG_QUERY__NODE__NODE_SQLVALUE_FUNCTION: {
         int position = node.sqlvalue_function->location + 1;
         // The transaction's start as a timestamptz, or in the session's zone as the local forms.
         int p = node.sqlvalue_function->typmod;
         switch (node.sqlvalue_function->op) {
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_DATE: return coerce(currentTimestamp(position), SqlType::date());
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP: return currentTimestamp(position);
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP_N: return coerce(currentTimestamp(position), SqlType::timestampTz(std::min(p, 6)));
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP:
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP_N: return coerce(currentTimestamp(position), SqlType::timestamp(std::min(p, 6)));
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIME:
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIME_N: return coerce(currentTimestamp(position), SqlType::time(std::min(p, 6)));
            // kiln has no roles, catalogs or schemas to choose: one of each.
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_ROLE:
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_USER:
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_USER:
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_SESSION_USER: return Expr::constantOf(Value::ofString(SqlType::text(), sessionUser));
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_CATALOG: return Expr::constantOf(Value::ofString(SqlType::text(), databaseName));
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_SCHEMA: return Expr::constantOf(Value::ofString(SqlType::text(), schemaName));
            default: throw Error("0A000", "this SQL value function is not supported yet", position);
         }
      }
      case PG_QUERY__NODE__NODE_SUB_LINK: {
         const PgQuery__SubLink& link = *node.sub_link;
         bool quantified = link.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ANY_SUBLINK || link.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ALL_SUBLINK;
         if (!subquery_ || (!quantified && link.sub_link_type != PG_QUERY__SUB_LINK_TYPE__EXPR_SUBLINK &&
                            link.sub_link_type != PG_QUERY__SUB_LINK_TYPE__EXISTS_SUBLINK && link.sub_link_type != PG_QUERY__SUB_LINK_TYPE__ARRAY_SUBLINK))
            throw Error("0A000", "this subquery is not supported here yet", link.location + 1);
         std::vector<ExprPtr> values = subquery_(link, quantified ? bindRow(*link.testexpr) : std::vector<ExprPtr>{}, insideAggregate_);
         if (values.size() != 1) throw Error("42601", "subquery must return only one column", link.location + 1);
         return std::move(values[0]);
      }
      case PG_QUERY__NODE__NODE_PARAM_REF: {
         // A parameter's type is what its first context asks for (as for an untyped literal).
         int number = node.param_ref->number;
         if (number < 1 || number > 65535) throw Error("42P02", "there is no parameter $" + std::to_string(number), node.param_ref->location + 1);
         SqlType& type = ius_.parameter(size_t(number));
         auto e = makeExpr(ExprKind::Parameter, type, true, node.param_ref->location + 1);
         e->parameter = number;
         e->parameterType = &type;
         return e;
      }
      case PG_QUERY__NODE__NODE_A_ARRAY_EXPR: return bindArrayConstructor(*node.a_array_expr, nullptr);
      case PG_QUERY__NODE__NODE_A_INDIRECTION: return bindSubscript(*node.a_indirection);
      case PG_QUERY__NODE__NODE_SET_TO_DEFAULT: throw Error("42601", "DEFAULT is not allowed in this context", node.set_to_default->location + 1);
      case PG_QUERY__NODE__NODE_MULTI_ASSIGN_REF: {
         // UPDATE's binder gives only the sub-SELECT form (it takes a row's values apart itself).
         const PgQuery__MultiAssignRef& ref = *node.multi_assign_ref;
         if (ref.source->node_case != PG_QUERY__NODE__NODE_SUB_LINK || !subquery_)
            throw Error("0A000", "multiple-column assignments are not supported here yet");
         const PgQuery__SubLink& link = *ref.source->sub_link;
         if (ref.colno == 1) {
            multiAssignedRow_ = subquery_(link, {}, insideAggregate_);
            if (multiAssignedRow_.size() != size_t(ref.ncolumns)) throw Error("42601", "number of columns does not match number of values", link.location + 1);
         }
         return multiAssignedRow_.at(size_t(ref.colno - 1))->clone();
      }
      default: throw Error("0A000", "this kind of expression is not supported yet");
   }
}

ExprPtr ExpressionBinder::bindColumnRef(const PgQuery__ColumnRef& ref) {
   int position = ref.location + 1;
   for (size_t i = 0; i < ref.n_fields; ++i)
      if (ref.fields[i]->node_case == PG_QUERY__NODE__NODE_A_STAR) throw Error("42601", "\"*\" is not allowed here", position);
   ExprPtr e;
   if (ref.n_fields == 1) {
      e = Expr::columnRef(scope_.resolve(nullptr, stringOf(ref.fields[0]), position));
   } else if (ref.n_fields == 2) {
      std::string table = stringOf(ref.fields[0]);
      e = Expr::columnRef(scope_.resolve(&table, stringOf(ref.fields[1]), position));
   } else {
      throw Error("0A000", "schema-qualified column names are not supported", position);
   }
   e->position = position;
   return e;
}

ExprPtr ExpressionBinder::bindConstant(const PgQuery__AConst& c) {
   ExprPtr e;
   if (c.isnull) {
      e = Expr::constantOf(Value::null(SqlType::unknown()));
   } else {
      switch (c.val_case) {
         case PG_QUERY__A__CONST__VAL_IVAL: e = Expr::constantOf(Value::ofInteger(SqlType::integer(), c.ival->ival)); break;
         case PG_QUERY__A__CONST__VAL_FVAL: e = Expr::constantOf(numberLiteral(c.fval->fval)); break;
         case PG_QUERY__A__CONST__VAL_BOOLVAL: e = Expr::constantOf(Value::ofBool(c.boolval->boolval)); break;
         case PG_QUERY__A__CONST__VAL_SVAL: e = Expr::constantOf(Value::ofString(SqlType::unknown(), c.sval->sval)); break;
         default: throw Error("0A000", "bit string literals are not supported", c.location + 1);
      }
   }
   e->position = c.location + 1;
   if (LiteralSlots* slots = LiteralSlots::current()) e->literal = slots->bound(&c, e->literalValue());
   return e;
}

ExprPtr ExpressionBinder::bindTypeCast(const PgQuery__TypeCast& c) {
   // 'name'::regclass names a relation: kept as its text, which nextval() and its kin read.
   const PgQuery__TypeName& typeName = *c.type_name;
   if (typeName.n_names && stringOf(typeName.names[typeName.n_names - 1]) == "regclass" && !typeName.n_array_bounds)
      return coerce(bind(*c.arg), SqlType::text());
   SqlType target = types::resolve(*c.type_name);
   ExprPtr operand = c.arg->node_case == PG_QUERY__NODE__NODE_A_ARRAY_EXPR ? bindArrayConstructor(*c.arg->a_array_expr, &target) : bind(*c.arg);
   int position = c.location + 1;
   // INTERVAL '90' DAY: a bare number counts in the unit the type modifier names.
   if (target.id == TypeId::Interval && c.type_name->n_typmods && operand->kind == ExprKind::Constant && operand->type.id == TypeId::Unknown &&
       !operand->constant().isNull) {
      const PgQuery__Node* mod = c.type_name->typmods[0];
      int32_t mask = mod->node_case == PG_QUERY__NODE__NODE_A_CONST ? mod->a_const->ival->ival : 0;
      const std::string& text = operand->constant().string;
      if (text.find_first_not_of("0123456789+-. ") == std::string::npos) {
         const char* unit = mask & (1 << 12)   ? " seconds"
                            : mask & (1 << 11) ? " minutes"
                            : mask & (1 << 10) ? " hours"
                            : mask & (1 << 3)  ? " days"
                            : mask & (1 << 1)  ? " months"
                            : mask & (1 << 2)  ? " years"
                                               : " seconds";
         Value withUnit = operand->constant();
         withUnit.string = text + unit;
         operand->setConstant(std::move(withUnit));
      }
   }
   return cast(std::move(operand), target, position);
}

ExprPtr ExpressionBinder::bindOperator(const std::string& op, ExprPtr left, ExprPtr right, int position) {
   static const std::pair<const char*, CompareOp> comparisons[] = {{"=", CompareOp::Eq},  {"<>", CompareOp::Ne}, {"<", CompareOp::Lt},
                                                                   {"<=", CompareOp::Le}, {">", CompareOp::Gt},  {">=", CompareOp::Ge}};
   for (auto& [name, cmp] : comparisons) {
      if (op != name) continue;
      // As PostgreSQL: no operator int[] = bigint[] (arrays of one element type only).
      if (left->type.isArray() && right->type.isArray() && left->type.element != right->type.element)
         throw Error("42883", "operator does not exist: " + left->type.toString() + " " + op + " " + right->type.toString(), position);
      unify(left, right, op, position);
      compareDateAsDate(left, right, cmp);
      auto e = makeExpr(ExprKind::Comparison, SqlType::boolean(), left->nullable || right->nullable, position);
      e->op = uint8_t(cmp);
      e->children.push_back(std::move(left));
      e->children.push_back(std::move(right));
      return e;
   }
   if (op == "||" && (left->type.isArray() || right->type.isArray())) return bindArrayConcat(std::move(left), std::move(right), position, ArrayJoin::Operator);
   if (op == "@>" || op == "<@" || op == "&&") return bindArrayContainment(op, std::move(left), std::move(right), position);
   static const std::pair<const char*, ArithOp> arithmetic[] = {{"+", ArithOp::Add}, {"-", ArithOp::Sub}, {"*", ArithOp::Mul},
                                                                {"/", ArithOp::Div}, {"%", ArithOp::Mod}, {"||", ArithOp::Concat}};
   for (auto& [name, arith] : arithmetic) {
      if (op != name) continue;
      // An untyped literal takes the other side's type ('1' + 1 is integer addition).
      if (arith != ArithOp::Concat) {
         if (!parameterAsNumeric(left, right->type)) parameterAsNumeric(right, left->type);
         if (left->type.id == TypeId::Unknown && right->type.id != TypeId::Unknown) left = coerce(std::move(left), right->type);
         if (right->type.id == TypeId::Unknown && left->type.id != TypeId::Unknown) {
            SqlType target = left->type;
            if (left->type.id == TypeId::Date)
               target = right->constant().string.find_first_not_of("0123456789+- ") != std::string::npos ? SqlType::interval() : SqlType::integer();
            else if ((left->type.id == TypeId::Timestamp || left->type.id == TypeId::TimestampTz || left->type.id == TypeId::Time) && arith == ArithOp::Add)
               target = SqlType::interval();  // timestamp + timestamp does not exist
            right = coerce(std::move(right), target);
         }
      }
      if (left->kind == ExprKind::Constant && right->kind == ExprKind::Constant) {
         try {
            if (auto folded = folding::numericArithmetic(arith, left->constant(), right->constant())) return Expr::constantOf(std::move(*folded));
         } catch (Error& error) {
            if (!error.position()) error.setPosition(position);
            throw;
         }
      }
      literalsAsFixedPoint(arith, left, right);
      auto resultType = types::arithmetic(arith, left->type, right->type);
      if (!resultType) throw Error("42883", "operator does not exist: " + left->type.toString() + " " + op + " " + right->type.toString(), position);
      // Moments meet as the later type: a date among timestamps and intervals counts as its
      // midnight, a timestamp among timestamptz as the session's local time.
      if (resultType->id == TypeId::Timestamp || resultType->id == TypeId::TimestampTz || resultType->id == TypeId::Interval) {
         SqlType moment = left->type.isMoment() && right->type.isMoment() ? *types::common(left->type, right->type) : SqlType::timestamp();
         if (left->type.isMoment() && left->type.id != moment.id && left->type.id != TypeId::TimestampTz) left = coerce(std::move(left), moment);
         if (right->type.isMoment() && right->type.id != moment.id && right->type.id != TypeId::TimestampTz) right = coerce(std::move(right), moment);
      }
      if (left->kind == ExprKind::Constant && right->kind == ExprKind::Constant)
         if (auto folded = folding::dateTimeArithmetic(arith, left->constant(), right->constant())) return Expr::constantOf(std::move(*folded));
      if (arith == ArithOp::Concat) {
         if (!left->type.isString()) left = coerce(std::move(left), SqlType::text());
         if (!right->type.isString()) right = coerce(std::move(right), SqlType::text());
      } else if (resultType->isNumeric() && left->type.isNumeric() && right->type.isNumeric()) {
         // Operands meet in the result's domain: integers widen, DECIMALs keep their own scale.
         SqlType domain = resultType->id == TypeId::Decimal ? SqlType::unknown() : *resultType;
         if (domain.id != TypeId::Unknown) {
            left = coerce(std::move(left), domain);
            right = coerce(std::move(right), domain);
         } else {
            if (left->type.isInteger()) left = coerce(std::move(left), types::asDecimal(left->type));
            if (right->type.isInteger()) right = coerce(std::move(right), types::asDecimal(right->type));
         }
      }
      auto e = makeExpr(ExprKind::Arithmetic, *resultType, left->nullable || right->nullable, position);
      e->op = uint8_t(arith);
      e->children.push_back(std::move(left));
      e->children.push_back(std::move(right));
      return e;
   }
   throw Error("42883", "operator does not exist: " + left->type.toString() + " " + op + " " + right->type.toString(), position);
}

ExprPtr ExpressionBinder::bindRowComparison(const std::string& op, const PgQuery__RowExpr& left, const PgQuery__RowExpr& right, int position) {
   if (left.n_args != right.n_args) throw Error("42601", "unequal number of entries in row expressions", position);
   std::vector<ExprPtr> lefts, rights;
   for (size_t i = 0; i < left.n_args; ++i) {
      lefts.push_back(bind(*left.args[i]));
      rights.push_back(bind(*right.args[i]));
   }
   return compareRows(op, std::move(lefts), std::move(rights), position);
}

ExprPtr ExpressionBinder::bindRowSubqueryComparison(const std::string& op, const PgQuery__RowExpr& left, const PgQuery__SubLink& link, int position) {
   std::vector<ExprPtr> lefts;
   for (size_t i = 0; i < left.n_args; ++i) lefts.push_back(bind(*left.args[i]));
   if (!subquery_) throw Error("0A000", "this subquery is not supported here yet", link.location + 1);
   std::vector<ExprPtr> values = subquery_(link, {}, insideAggregate_);
   requireSubqueryColumns(values.size(), lefts.size(), position);
   return compareRows(op, std::move(lefts), std::move(values), position);
}

void requireSubqueryColumns(size_t columns, size_t width, int position) {
   if (columns > width) throw Error("42601", "subquery has too many columns", position);
   if (columns < width) throw Error("42601", "subquery has too few columns", position);
}

std::vector<ExprPtr> ExpressionBinder::bindRow(const PgQuery__Node& node) {
   std::vector<ExprPtr> values;
   if (node.node_case != PG_QUERY__NODE__NODE_ROW_EXPR) {
      values.push_back(bind(node));
      return values;
   }
   for (size_t i = 0; i < node.row_expr->n_args; ++i) values.push_back(bind(*node.row_expr->args[i]));
   return values;
}

ExprPtr ExpressionBinder::compareRows(const std::string& op, std::vector<ExprPtr> lefts, std::vector<ExprPtr> rights, int position) {
   if (lefts.empty()) throw Error("0A000", "comparing empty rows is not supported", position);
   if (op != "=" && op != "<>" && op != "<" && op != "<=" && op != ">" && op != ">=")
      throw Error("42883", "could not determine interpretation of row comparison operator " + op, position);
   size_t last = lefts.size() - 1;
   if (op == "=" || op == "<>") {
      // All pairs equal; some pair different. One AND (OR) of all pairs, whose equalities a join
      // can take as its keys.
      if (lefts.size() == 1) return bindOperator(op, std::move(lefts[0]), std::move(rights[0]), position);
      auto result = makeExpr(op == "=" ? ExprKind::And : ExprKind::Or, SqlType::boolean(), false, position);
      for (size_t i = 0; i <= last; ++i) {
         result->children.push_back(bindOperator(op, std::move(lefts[i]), std::move(rights[i]), position));
         result->nullable |= result->children.back()->nullable;
      }
      return result;
   }
   auto combine = [&](ExprKind kind, ExprPtr a, ExprPtr b) {
      auto e = makeExpr(kind, SqlType::boolean(), a->nullable || b->nullable, position);
      e->children.push_back(std::move(a));
      e->children.push_back(std::move(b));
      return e;
   };
   // The first pair that differs decides: a < c OR (a = c AND (the rest)), the last pair by op.
   std::string strict = op.substr(0, 1);
   ExprPtr result = bindOperator(op, std::move(lefts[last]), std::move(rights[last]), position);
   for (size_t i = last; i-- > 0;) {
      ExprPtr equal = bindOperator("=", lefts[i]->clone(), rights[i]->clone(), position);
      ExprPtr decided = bindOperator(strict, std::move(lefts[i]), std::move(rights[i]), position);
      result = combine(ExprKind::Or, std::move(decided), combine(ExprKind::And, std::move(equal), std::move(result)));
   }
   return result;
}

ExprPtr ExpressionBinder::bindBitwise(const std::string& op, ExprPtr left, ExprPtr right, int position) {
   bool shift = op == "<<" || op == ">>";
   // Untyped literals are integers here, as the other operand's type (the count: integer).
   auto integer = [](const ExprPtr& e) { return e && (e->type.id == TypeId::SmallInt || e->type.id == TypeId::Integer || e->type.id == TypeId::BigInt); };
   if (left->type.id == TypeId::Unknown) left = coerce(std::move(left), !shift && integer(right) ? right->type : SqlType::integer());
   if (right && right->type.id == TypeId::Unknown) right = coerce(std::move(right), shift ? SqlType::integer() : left->type);
   if (!integer(left) || (right && !integer(right))) {
      std::string operands = right ? left->type.toString() + " " + op + " " + right->type.toString() : op + " " + left->type.toString();
      throw Error("42883", "operator does not exist: " + operands, position);
   }
   SqlType type = left->type;
   if (right && !shift) {
      // Integers of two widths meet in the wider one.
      type = *types::common(left->type, right->type);
      left = coerce(std::move(left), type);
      right = coerce(std::move(right), type);
   } else if (shift) {
      right = coerce(std::move(right), SqlType::integer());
   }
   static const std::pair<const char*, FunctionId> operators[] = {{"&", FunctionId::BitAnd}, {"|", FunctionId::BitOr},      {"#", FunctionId::BitXor},
                                                                  {"~", FunctionId::BitNot}, {"<<", FunctionId::ShiftLeft}, {">>", FunctionId::ShiftRight}};
   FunctionId id = std::find_if(std::begin(operators), std::end(operators), [&](auto& o) { return op == o.first; })->second;
   auto e = makeExpr(ExprKind::Function, type, left->nullable || (right && right->nullable), position);
   e->op = uint8_t(id);
   e->children.push_back(std::move(left));
   if (right) e->children.push_back(std::move(right));
   return e;
}

ExprPtr ExpressionBinder::bindAExpr(const PgQuery__AExpr& a) {
   int position = a.location + 1;
   std::string op = operatorName(a.n_name, a.name);
   switch (a.kind) {
      case PG_QUERY__A__EXPR__KIND__AEXPR_OP_ANY:
      case PG_QUERY__A__EXPR__KIND__AEXPR_OP_ALL:
         return bindArrayComparison(op, bind(*a.lexpr), bind(*a.rexpr), a.kind == PG_QUERY__A__EXPR__KIND__AEXPR_OP_ALL, position);
      case PG_QUERY__A__EXPR__KIND__AEXPR_OP: {
         if (!a.lexpr) {
            ExprPtr operand = bind(*a.rexpr);
            if (op == "+") return operand;
            if (op == "~") return bindBitwise(op, std::move(operand), nullptr, position);
            if (op != "-") throw Error("42883", "operator does not exist: " + op + " " + operand->type.toString(), position);
            if (operand->kind == ExprKind::Constant && !operand->constant().isNull) {
               Value v = operand->constant();
               if (v.type.isInteger() && v.integer == integerMinimum(v.type.id)) throw Error("22003", v.type.toString() + " out of range", position);
               if (v.type.isInteger()) v.integer = -v.integer;
               else if (v.type.id == TypeId::Decimal) v.decimal = -v.decimal;
               else if (v.type.id == TypeId::Numeric) v = Value::ofNumeric(-v.numeric());
               else if (v.type.isFloat()) v.floating = -v.floating;
               else if (v.type.id == TypeId::Interval) {
                  if (v.interval.months == INT32_MIN || v.interval.days == INT32_MIN || v.interval.micros == INT64_MIN)
                     throw Error("22008", "interval out of range", position);
                  v.interval = {-v.interval.months, -v.interval.days, -v.interval.micros};
               } else throw Error("42883", "operator does not exist: - " + v.type.toString(), position);
               return Expr::constantOf(std::move(v));
            }
            if (!operand->type.isNumeric() && operand->type.id != TypeId::Interval)
               throw Error("42883", "operator does not exist: - " + operand->type.toString(), position);
            auto e = makeExpr(ExprKind::Negate, operand->type, operand->nullable, position);
            e->children.push_back(std::move(operand));
            return e;
         }
         if (a.lexpr->node_case == PG_QUERY__NODE__NODE_ROW_EXPR && a.rexpr->node_case == PG_QUERY__NODE__NODE_ROW_EXPR)
            return bindRowComparison(op, *a.lexpr->row_expr, *a.rexpr->row_expr, position);
         if (a.lexpr->node_case == PG_QUERY__NODE__NODE_ROW_EXPR && a.rexpr->node_case == PG_QUERY__NODE__NODE_SUB_LINK &&
             a.rexpr->sub_link->sub_link_type == PG_QUERY__SUB_LINK_TYPE__EXPR_SUBLINK)
            return bindRowSubqueryComparison(op, *a.lexpr->row_expr, *a.rexpr->sub_link, position);
         if (op == "~" || op == "~*" || op == "!~" || op == "!~*") return bindRegexOperator(op, bind(*a.lexpr), bind(*a.rexpr), position);
         if (op == "&" || op == "|" || op == "#" || op == "<<" || op == ">>") return bindBitwise(op, bind(*a.lexpr), bind(*a.rexpr), position);
         if (op == "^") {
            // Exponentiation: power(a, b) (in double precision, numeric operands too).
            std::vector<ExprPtr> operands;
            operands.push_back(bind(*a.lexpr));
            operands.push_back(bind(*a.rexpr));
            return bindFunction("power", std::move(operands), position);
         }
         return bindOperator(op, bind(*a.lexpr), bind(*a.rexpr), position);
      }
      case PG_QUERY__A__EXPR__KIND__AEXPR_DISTINCT:
      case PG_QUERY__A__EXPR__KIND__AEXPR_NOT_DISTINCT: {
         ExprPtr left = bind(*a.lexpr), right = bind(*a.rexpr);
         unify(left, right, "=", position);
         auto e = makeExpr(ExprKind::Comparison, SqlType::boolean(), false, position);
         e->op = uint8_t(a.kind == PG_QUERY__A__EXPR__KIND__AEXPR_DISTINCT ? CompareOp::IsDistinct : CompareOp::IsNotDistinct);
         e->children.push_back(std::move(left));
         e->children.push_back(std::move(right));
         return e;
      }
      case PG_QUERY__A__EXPR__KIND__AEXPR_NULLIF: {
         // NULLIF(a, b) = CASE WHEN a = b THEN NULL ELSE a END
         ExprPtr value = bind(*a.lexpr);
         ExprPtr other = bind(*a.rexpr);
         if (value->type.id == TypeId::Unknown) value = coerce(std::move(value), other->type.id == TypeId::Unknown ? SqlType::text() : other->type);
         ExprPtr condition = bindOperator("=", value->clone(), std::move(other), position);
         auto e = makeExpr(ExprKind::Case, value->type, true, position);
         e->hasElse = true;
         e->children.push_back(std::move(condition));
         e->children.push_back(Expr::constantOf(Value::null(value->type)));
         e->children.push_back(std::move(value));
         return e;
      }
      case PG_QUERY__A__EXPR__KIND__AEXPR_IN: {
         const PgQuery__List& list = *a.rexpr->list;
         if (a.lexpr->node_case == PG_QUERY__NODE__NODE_ROW_EXPR) {
            // (a, b) IN ((1, 2), (3, 4)): the OR of the rows' equalities.
            auto any = makeExpr(ExprKind::Or, SqlType::boolean(), false, position);
            for (size_t i = 0; i < list.n_items; ++i) {
               if (list.items[i]->node_case != PG_QUERY__NODE__NODE_ROW_EXPR) throw Error("42601", "IN of a row needs rows on its right", position);
               any->children.push_back(bindRowComparison("=", *a.lexpr->row_expr, *list.items[i]->row_expr, position));
               any->nullable |= any->children.back()->nullable;
            }
            if (op != "<>") return any;
            auto none = makeExpr(ExprKind::Not, SqlType::boolean(), any->nullable, position);
            none->children.push_back(std::move(any));
            return none;
         }
         ExprPtr value = bind(*a.lexpr);
         std::vector<ExprPtr> items;
         for (size_t i = 0; i < list.n_items; ++i) items.push_back(literalForFixedPoint(literalForComparison(bind(*list.items[i]), value->type), value->type));
         SqlType target = value->type;
         for (auto& item : items) parameterAsNumeric(item, value->type);
         for (auto& item : items) {
            // As in a comparison, an untyped literal (or parameter) left takes the value's type as it is.
            if (item->type.id == TypeId::Unknown && target.id != TypeId::Unknown) continue;
            auto common = types::common(target, item->type);
            if (!common) throw Error("42883", "operator does not exist: " + value->type.toString() + " = " + item->type.toString(), item->position);
            target = *common;
         }
         if (target.id == TypeId::Unknown) target = SqlType::text();
         // Parameters compare with the value as stored while the value keeps its type.
         std::vector<bool> asStored;
         for (auto& item : items) asStored.push_back(target == value->type && parameterWithoutModifier(item, *value));
         auto e = makeExpr(ExprKind::InList, SqlType::boolean(), value->nullable || anyNullable(items), position);
         e->negated = op == "<>";
         e->children.push_back(coerceForComparison(std::move(value), target));
         for (size_t i = 0; i < items.size(); ++i) e->children.push_back(asStored[i] ? std::move(items[i]) : coerceForComparison(std::move(items[i]), target));
         return e;
      }
      case PG_QUERY__A__EXPR__KIND__AEXPR_LIKE:
      case PG_QUERY__A__EXPR__KIND__AEXPR_ILIKE: {
         ExprPtr value = bind(*a.lexpr), pattern = bind(*a.rexpr);
         if (value->type.id == TypeId::Unknown) value = coerce(std::move(value), SqlType::text());
         if (pattern->type.id == TypeId::Unknown) pattern = coerce(std::move(pattern), SqlType::text());
         if (!value->type.isString() || !pattern->type.isString())
            throw Error("42883", "operator does not exist: " + value->type.toString() + " " + op + " " + pattern->type.toString(), position);
         auto e = makeExpr(ExprKind::Like, SqlType::boolean(), value->nullable || pattern->nullable, position);
         e->negated = op[0] == '!';
         e->op = a.kind == PG_QUERY__A__EXPR__KIND__AEXPR_ILIKE;
         e->children.push_back(std::move(value));
         e->children.push_back(std::move(pattern));
         return e;
      }
      case PG_QUERY__A__EXPR__KIND__AEXPR_SIMILAR: return bindSimilarTo(op, *a.lexpr, *a.rexpr, position);
      case PG_QUERY__A__EXPR__KIND__AEXPR_BETWEEN:
      case PG_QUERY__A__EXPR__KIND__AEXPR_NOT_BETWEEN:
      case PG_QUERY__A__EXPR__KIND__AEXPR_BETWEEN_SYM:
      case PG_QUERY__A__EXPR__KIND__AEXPR_NOT_BETWEEN_SYM: {
         // x BETWEEN a AND b = x >= a AND x <= b; SYMMETRIC: or x >= b AND x <= a.
         bool symmetric = a.kind == PG_QUERY__A__EXPR__KIND__AEXPR_BETWEEN_SYM || a.kind == PG_QUERY__A__EXPR__KIND__AEXPR_NOT_BETWEEN_SYM;
         const PgQuery__List& bounds = *a.rexpr->list;
         ExprPtr value = bind(*a.lexpr), first = bind(*bounds.items[0]), second = bind(*bounds.items[1]);
         auto between = [&](ExprPtr low, ExprPtr high) {
            ExprPtr above = bindOperator(">=", value->clone(), std::move(low), position);
            ExprPtr below = bindOperator("<=", value->clone(), std::move(high), position);
            auto both = makeExpr(ExprKind::And, SqlType::boolean(), above->nullable || below->nullable, position);
            both->children.push_back(std::move(above));
            both->children.push_back(std::move(below));
            return both;
         };
         ExprPtr e = between(first->clone(), second->clone());
         if (symmetric) {
            auto either = makeExpr(ExprKind::Or, SqlType::boolean(), e->nullable, position);
            either->children.push_back(std::move(e));
            either->children.push_back(between(std::move(second), std::move(first)));
            either->nullable |= either->children.back()->nullable;
            e = std::move(either);
         }
         if (a.kind == PG_QUERY__A__EXPR__KIND__AEXPR_BETWEEN || a.kind == PG_QUERY__A__EXPR__KIND__AEXPR_BETWEEN_SYM) return e;
         auto n = makeExpr(ExprKind::Not, SqlType::boolean(), e->nullable, position);
         n->children.push_back(std::move(e));
         return n;
      }
      default: throw Error("0A000", "this operator form is not supported yet", position);
   }
}

ExprPtr ExpressionBinder::bindBoolExpr(const PgQuery__BoolExpr& b) {
   int position = b.location + 1;
   ExprKind kind = b.boolop == PG_QUERY__BOOL_EXPR_TYPE__AND_EXPR  ? ExprKind::And
                   : b.boolop == PG_QUERY__BOOL_EXPR_TYPE__OR_EXPR ? ExprKind::Or
                                                                   : ExprKind::Not;
   const char* name = kind == ExprKind::And ? "AND" : kind == ExprKind::Or ? "OR" : "NOT";
   auto e = makeExpr(kind, SqlType::boolean(), false, position);
   for (size_t i = 0; i < b.n_args; ++i) {
      ExprPtr arg = bindCondition(*b.args[i], name);
      e->nullable |= arg->nullable;
      e->children.push_back(std::move(arg));
   }
   return e;
}

ExprPtr ExpressionBinder::bindCase(const PgQuery__CaseExpr& c) {
   int position = c.location + 1;
   ExprPtr subject = c.arg ? bind(*c.arg) : nullptr;
   // As in PostgreSQL, an untyped subject (a literal, a parameter) is text: one type for every
   // comparison with it.
   if (subject && subject->type.id == TypeId::Unknown) subject = coerce(std::move(subject), SqlType::text());
   std::vector<ExprPtr> conditions, results;
   for (size_t i = 0; i < c.n_args; ++i) {
      const PgQuery__CaseWhen& when = *c.args[i]->case_when;
      if (subject) conditions.push_back(bindOperator("=", subject->clone(), bind(*when.expr), when.location + 1));
      else conditions.push_back(bindCondition(*when.expr, "CASE/WHEN"));
      results.push_back(bind(*when.result));
   }
   ExprPtr otherwise = c.defresult ? bind(*c.defresult) : nullptr;
   // PostgreSQL resolves the ELSE branch's type first, then the THEN branches in order.
   SqlType type = otherwise ? otherwise->type : results[0]->type;
   auto unifyWith = [&](const ExprPtr& r) {
      auto common = types::common(type, r->type);
      if (!common) throw Error("42804", "CASE types " + type.toString() + " and " + r->type.toString() + " cannot be matched", r->position);
      type = *common;
   };
   for (auto& r : results) unifyWith(r);
   if (type.id == TypeId::Unknown) type = SqlType::text();
   auto e = makeExpr(ExprKind::Case, type, !otherwise, position);
   for (size_t i = 0; i < conditions.size(); ++i) {
      ExprPtr r = coerce(std::move(results[i]), type);
      e->nullable |= r->nullable;
      e->children.push_back(std::move(conditions[i]));
      e->children.push_back(std::move(r));
   }
   if (otherwise) {
      e->hasElse = true;
      ExprPtr r = coerce(std::move(otherwise), type);
      e->nullable |= r->nullable;
      e->children.push_back(std::move(r));
   }
   return e;
}

ExprPtr ExpressionBinder::bindCoalesce(const PgQuery__CoalesceExpr& c) {
   // COALESCE(a, b, c) = CASE WHEN a IS NOT NULL THEN a WHEN b IS NOT NULL THEN b ELSE c END
   int position = c.location + 1;
   std::vector<ExprPtr> args;
   for (size_t i = 0; i < c.n_args; ++i) args.push_back(bind(*c.args[i]));
   SqlType type = commonArgumentType(args, "COALESCE");
   auto e = makeExpr(ExprKind::Case, type, true, position);
   for (size_t i = 0; i + 1 < args.size(); ++i) {
      auto test = makeExpr(ExprKind::IsNull, SqlType::boolean(), false, position);
      test->negated = true;
      test->children.push_back(args[i]->clone());
      e->children.push_back(std::move(test));
      e->children.push_back(coerce(std::move(args[i]), type));
   }
   e->hasElse = true;
   e->nullable = args.back()->nullable;
   e->children.push_back(coerce(std::move(args.back()), type));
   return e;
}

ExprPtr ExpressionBinder::bindMinMax(const PgQuery__MinMaxExpr& m) {
   bool greatest = m.op == PG_QUERY__MIN_MAX_OP__IS_GREATEST;
   std::vector<ExprPtr> args;
   for (size_t i = 0; i < m.n_args; ++i) args.push_back(bind(*m.args[i]));
   SqlType type = commonArgumentType(args, greatest ? "GREATEST" : "LEAST");
   // NULLs are skipped, so the result is NULL only when every argument is.
   bool nullable = std::all_of(args.begin(), args.end(), [](auto& a) { return a->nullable; });
   auto e = makeExpr(ExprKind::Function, type, nullable, m.location + 1);
   e->op = uint8_t(greatest ? FunctionId::Greatest : FunctionId::Least);
   for (auto& arg : args) e->children.push_back(coerce(std::move(arg), type));
   return e;
}

ExprPtr ExpressionBinder::bindFuncCall(const PgQuery__FuncCall& call) {
   std::string name = operatorName(call.n_funcname, call.funcname);
   int position = call.location + 1;
   if (call.over) return bindWindowCall(name, call);
   const AggregateDefinition* aggregate = findAggregate(name);
   if (aggregate && aggregate->form != CallForm::Window) return bindAggregate(*aggregate, name, call);
   if (aggregate && call.n_args >= aggregate->minArguments && call.n_args <= aggregate->maxArguments)
      throw Error("42809", "window function " + name + " requires an OVER clause", position);
   if (call.agg_star || call.agg_distinct) throw Error("42809", name + " is not an aggregate function", position);
   if (name == "generate_series" || name == "unnest") return bindSetReturning(call);
   std::vector<ExprPtr> args;
   for (size_t i = 0; i < call.n_args; ++i) args.push_back(bind(*call.args[i]));
   return bindFunction(name, std::move(args), position);
}

ExprPtr ExpressionBinder::bindSetReturning(const PgQuery__FuncCall& call) {
   int position = call.location + 1;
   if (insideAggregate_) throw Error("0A000", "aggregate function calls cannot contain set-returning function calls", position);
   if (insideWindow_) throw Error("0A000", "window function calls cannot contain set-returning function calls", position);
   // Nor inside its own arguments.
   if (!clause_.allows(SetReturning) || insideSetReturning_) throw clause_.refusal(SetReturning, position);
   if (conditional_) throw Error("0A000", std::string("set-returning functions are not allowed in ") + conditional_, position);
   // PostgreSQL runs several in step, as many rows as the longest: not (yet) so here.
   if (calls_->setReturning) throw Error("0A000", "more than one set-returning function in a select list is not supported yet", position);
   bool unnest = operatorName(call.n_funcname, call.funcname) == "unnest";
   insideSetReturning_ = true;
   std::unique_ptr<Series> series = unnest ? bindUnnest(call) : bindSeries(call);
   insideSetReturning_ = false;
   series->output = ius_.make(unnest ? series->start->type.elementType() : series->start->type, unnest, unnest ? "unnest" : "generate_series");
   const IU* output = series->output;
   calls_->setReturning = std::move(series);
   return Expr::columnRef(output);
}

ExprPtr ExpressionBinder::currentTimestamp(int position) {
   auto e = makeExpr(ExprKind::Function, SqlType::timestampTz(), false, position);
   e->op = uint8_t(FunctionId::CurrentTimestamp);
   return e;
}

Error ExpressionBinder::noSuchFunction(const std::string& name, const std::vector<ExprPtr>& args, int position) {
   std::string s = name + "(";
   for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + args[i]->type.toString();
   return Error("42883", "function " + s + ") does not exist", position);
}

ExprPtr ExpressionBinder::makeFunction(FunctionId id, SqlType type, std::vector<ExprPtr> args, int position) {
   auto e = makeExpr(ExprKind::Function, type, anyNullable(args), position);
   e->op = uint8_t(id);
   e->children = std::move(args);
   return e;
}

ExprPtr ExpressionBinder::bindFunction(const std::string& name, std::vector<ExprPtr> args, int position) {
   for (const ScalarFunction* function : findScalarFunctions(name))
      if (ExprPtr call = bindScalarFunction(*function, name, args, position, *this)) return call;
   if (ExprPtr rewritten = bindRewrittenFunction(name, args, position, *this)) return rewritten;
   throw noSuchFunction(name, args, position);
}

}  // namespace kiln
