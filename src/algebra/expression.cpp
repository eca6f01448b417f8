#include "algebra/expression.h"

#include "algebra/scalar_function.h"
#include "common/physical_type.h"

#include <cstring>

namespace kiln {

ExprPtr Expr::columnRef(const IU* iu) {
   auto e = std::make_unique<Expr>(ExprKind::ColumnRef, iu->type);
   e->iu = iu;
   e->nullable = iu->nullable;
   return e;
}

ExprPtr Expr::conjunction(std::vector<ExprPtr> parts) {
   if (parts.empty()) return nullptr;
   if (parts.size() == 1) return std::move(parts[0]);
   auto e = std::make_unique<Expr>(ExprKind::And, SqlType::boolean());
   for (auto& p : parts) {
      e->nullable |= p->nullable;
      e->children.push_back(std::move(p));
   }
   return e;
}

ExprPtr Expr::caseWhen(ExprPtr condition, ExprPtr then, ExprPtr otherwise) {
   auto e = std::make_unique<Expr>(ExprKind::Case, then->type);
   e->nullable = !otherwise || then->nullable || otherwise->nullable;
   e->hasElse = otherwise != nullptr;
   e->children.push_back(std::move(condition));
   e->children.push_back(std::move(then));
   if (otherwise) e->children.push_back(std::move(otherwise));
   return e;
}

std::vector<ExprPtr> Expr::conjuncts(ExprPtr e) {
   std::vector<ExprPtr> parts;
   if (e->kind != ExprKind::And) parts.push_back(std::move(e));
   else
      for (auto& child : e->children) parts.push_back(std::move(child));
   return parts;
}

ExprPtr Expr::equality(ExprPtr a, ExprPtr b) {
   auto e = std::make_unique<Expr>(ExprKind::Comparison, SqlType::boolean());
   e->op = uint8_t(CompareOp::Eq);
   e->nullable = a->nullable || b->nullable;
   e->children.push_back(std::move(a));
   e->children.push_back(std::move(b));
   return e;
}

const Expr& Expr::withoutPrecisionCast() const {
   if (kind != ExprKind::Cast || children[0]->kind != ExprKind::ColumnRef) return *this;
   const Expr& column = *children[0];
   bool sameStorage = type.id == TypeId::Decimal && column.type.id == TypeId::Decimal && type.scale == column.type.scale &&
                      physicalTypeOf(type) == physicalTypeOf(column.type);
   return sameStorage ? column : *this;
}

ExprPtr Expr::constantOf(Value value) {
   auto e = std::make_unique<Expr>(ExprKind::Constant, value.type);
   e->nullable = value.isNull;
   e->setConstant(std::move(value));
   return e;
}

ExprPtr Expr::clone() const {
   auto e = std::make_unique<Expr>(kind, type);
   e->nullable = nullable;
   e->position = position;
   e->op = op;
   e->negated = negated;
   e->hasElse = hasElse;
   e->iu = iu;
   e->setConstant(constant_);
   e->literal = literal;
   e->parameter = parameter;
   e->parameterType = parameterType;
   e->counter = counter;
   e->sequence = sequence;
   for (auto& c : children) e->children.push_back(c->clone());
   return e;
}

bool Expr::equals(const Expr& o) const {
   return equals(o, [](const IU* a, const IU* b) { return a == b; });
}

namespace {

/// Volatile functions of the registry and identity counters: two calls are two values.
bool isVolatileFunction(FunctionId id) {
   if (const ScalarFunction* function = scalarFunction(id)) return function->volatility == Volatility::Volatile;
   return id == FunctionId::NextIdentity;
}

}  // namespace

bool Expr::isVolatile() const {
   if (kind == ExprKind::Function && isVolatileFunction(functionId())) return true;
   for (auto& c : children)
      if (c->isVolatile()) return true;
   return false;
}

bool Expr::equals(const Expr& o, const std::function<bool(const IU*, const IU*)>& sameIU) const {
   if (kind == ExprKind::Function && isVolatileFunction(functionId())) return false;
   if (kind != o.kind || !(type == o.type) || op != o.op || negated != o.negated || hasElse != o.hasElse || parameter != o.parameter ||
       children.size() != o.children.size())
      return false;
   if (kind == ExprKind::ColumnRef && !sameIU(iu, o.iu)) return false;
   // A function's constant is an argument too: round's digits, date_trunc's unit.
   if ((kind == ExprKind::Constant || kind == ExprKind::Function) && !sameValue(constant(), o.constant())) return false;
   for (size_t i = 0; i < children.size(); ++i)
      if (!children[i]->equals(*o.children[i], sameIU)) return false;
   return true;
}

void Expr::collectIUs(std::vector<const IU*>& out) const {
   if (kind == ExprKind::ColumnRef) out.push_back(iu);
   for (auto& c : children) c->collectIUs(out);
}

bool castCanMakeNull(SqlType from, SqlType to) { return (from.id == TypeId::Timestamp || from.id == TypeId::TimestampTz) && to.id == TypeId::Time; }

const char* comparisonName(CompareOp op) {
   static const char* names[] = {"=", "<>", "<", "<=", ">", ">=", "IS DISTINCT FROM", "IS NOT DISTINCT FROM"};
   return names[size_t(op)];
}

const char* functionName(FunctionId id) {
   if (const ScalarFunction* function = scalarFunction(id)) return function->names.front();
   switch (id) {
      case FunctionId::BitAnd: return "&";
      case FunctionId::BitOr: return "|";
      case FunctionId::BitXor: return "#";
      case FunctionId::BitNot: return "~";
      case FunctionId::ShiftLeft: return "<<";
      case FunctionId::ShiftRight: return ">>";
      case FunctionId::ArrayBuild: return "array";
      case FunctionId::ArraySubscript: return "array_subscript";
      case FunctionId::ArrayCompare: return "array_compare";
      case FunctionId::ArrayElementText: return "array_element_text";
      case FunctionId::ArraySlice: return "array_slice";
      case FunctionId::ArrayContains: return "array_contains";
      case FunctionId::Greatest: return "greatest";
      case FunctionId::Least: return "least";
      case FunctionId::ExtractYear: return "extract_year";
      case FunctionId::ExtractMonth: return "extract_month";
      case FunctionId::ExtractDay: return "extract_day";
      case FunctionId::ExtractQuarter: return "extract_quarter";
      case FunctionId::ExtractDow: return "extract_dow";
      case FunctionId::ExtractDoy: return "extract_doy";
      case FunctionId::ExtractWeek: return "extract_week";
      case FunctionId::ExtractIsoDow: return "extract_isodow";
      case FunctionId::ExtractIsoYear: return "extract_isoyear";
      case FunctionId::ExtractDecade: return "extract_decade";
      case FunctionId::ExtractCentury: return "extract_century";
      case FunctionId::ExtractMillennium: return "extract_millennium";
      case FunctionId::ExtractInterval: return "extract_interval";
      case FunctionId::ExtractHour: return "extract_hour";
      case FunctionId::ExtractMinute: return "extract_minute";
      case FunctionId::ExtractSecond: return "extract_second";
      case FunctionId::ExtractEpoch: return "extract_epoch";
      case FunctionId::DateTrunc: return "date_trunc";
      case FunctionId::NextIdentity: return "nextval";
      default: break;  // the registry's functions, named above
   }
   return "?";
}

std::string Expr::toString() const {
   auto list = [&](size_t from, const char* separator) {
      std::string s;
      for (size_t i = from; i < children.size(); ++i) s += (i > from ? separator : "") + children[i]->toString();
      return s;
   };
   switch (kind) {
      case ExprKind::ColumnRef: return iu->name;
      case ExprKind::Constant:
         if (constant().isNull) return "NULL";
         if (constant().type.isString() || constant().type.id == TypeId::Date || constant().type.id == TypeId::Interval)
            return "'" + formatValue(constant()) + "'";
         return formatValue(constant());
      case ExprKind::Cast: return "CAST(" + children[0]->toString() + " AS " + type.toString() + ")";
      case ExprKind::Arithmetic: {
         static const char* ops[] = {"+", "-", "*", "/", "%", "||"};
         return "(" + children[0]->toString() + " " + ops[op] + " " + children[1]->toString() + ")";
      }
      case ExprKind::Negate: return "-" + children[0]->toString();
      case ExprKind::Comparison: return children[0]->toString() + " " + comparisonName(CompareOp(op)) + " " + children[1]->toString();
      case ExprKind::And: return "(" + list(0, " AND ") + ")";
      case ExprKind::Or: return "(" + list(0, " OR ") + ")";
      case ExprKind::Not: return "NOT " + children[0]->toString();
      case ExprKind::IsNull: return children[0]->toString() + (negated ? " IS NOT NULL" : " IS NULL");
      case ExprKind::Case: {
         std::string s = "CASE";
         size_t pairs = (children.size() - (hasElse ? 1 : 0)) / 2;
         for (size_t i = 0; i < pairs; ++i) s += " WHEN " + children[2 * i]->toString() + " THEN " + children[2 * i + 1]->toString();
         if (hasElse) s += " ELSE " + children.back()->toString();
         return s + " END";
      }
      case ExprKind::Like: return children[0]->toString() + (negated ? " NOT" : "") + (op ? " ILIKE " : " LIKE ") + children[1]->toString();
      case ExprKind::InList: return children[0]->toString() + (negated ? " NOT IN (" : " IN (") + list(1, ", ") + ")";
      case ExprKind::Function:
         if (functionId() == FunctionId::RegexMatch) return children[0]->toString() + (constant().string.empty() ? " ~ " : " ~* ") + children[1]->toString();
         if (functionId() >= FunctionId::BitAnd && functionId() <= FunctionId::ShiftRight)
            return children.size() == 1 ? std::string("~") + children[0]->toString()
                                        : "(" + children[0]->toString() + " " + functionName(functionId()) + " " + children[1]->toString() + ")";
         switch (functionId()) {
            case FunctionId::ArrayBuild: return "ARRAY[" + list(0, ", ") + "]";
            case FunctionId::ArraySubscript: return children[0]->toString() + "[" + children[1]->toString() + "]";
            case FunctionId::ArraySlice: return children[0]->toString() + "[" + children[1]->toString() + ":" + children[2]->toString() + "]";
            case FunctionId::ArrayContains: return "(" + children[0]->toString() + (constant().integer ? " && " : " @> ") + children[1]->toString() + ")";
            case FunctionId::ArrayCompare:
               return children[0]->toString() + " " + comparisonName(CompareOp(constant().integer & 0xFF)) + ((constant().integer >> 8) ? " ALL (" : " ANY (") +
                      children[1]->toString() + ")";
            default: return std::string(functionName(functionId())) + "(" + list(0, ", ") + ")";
         }
      case ExprKind::Parameter: return "$" + std::to_string(parameter);
   }
   return "?";
}

}  // namespace kiln
