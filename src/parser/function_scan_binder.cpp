// Functions in FROM: generate_series(start, stop [, step]) and unnest(array), a Series operator. Like
// PostgreSQL's, a function in a FROM list may read the columns of the items before it (it is
// implicitly LATERAL): then it runs once per row of those items. The select list's
// generate_series (bound by ExpressionBinder::bindFuncCall) is a Series too.
#include <algorithm>

#include "parser/select_binder.h"

namespace kiln {

namespace {

std::string signature(const std::string& name, const std::vector<ExprPtr>& args) {
   std::string s = name + "(";
   for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + args[i]->type.toString();
   return s + ")";
}

/// The IUs a subquery's pending join adds to the input it will be attached to.
std::vector<const IU*> addedIUs(const Operator& pending) {
   std::vector<const IU*> ius;
   if (pending.kind == OperatorKind::Map)
      for (auto& c : static_cast<const Map&>(pending).computations) ius.push_back(c.output);
   for (auto& child : pending.children)
      for (const IU* iu : producedIUs(*child)) ius.push_back(iu);
   return ius;
}

}  // namespace

std::unique_ptr<Series> ExpressionBinder::bindSeries(const PgQuery__FuncCall& call) {
   const std::string name = "generate_series";
   int position = call.location + 1;
   std::vector<ExprPtr> args;
   for (size_t i = 0; i < call.n_args; ++i) args.push_back(bind(*call.args[i]));
   if (args.size() < 2 || args.size() > 3) throw Error("42883", "function " + signature(name, args) + " does not exist", position);
   auto isMoment = [](const ExprPtr& e) { return e->type.id == TypeId::Timestamp || e->type.id == TypeId::TimestampTz || e->type.id == TypeId::Date; };
   if (isMoment(args[0]) || isMoment(args[1])) return bindMomentSeries(std::move(args), position);
   // The integer forms only: BIGINT if an argument is, else INTEGER; untyped literals follow.
   SqlType type = SqlType::unknown();
   for (auto& arg : args) {
      if (arg->type.id == TypeId::Unknown) continue;
      if (arg->type.id == TypeId::Decimal || arg->type.id == TypeId::Numeric)
         throw Error("0A000", "generate_series over numeric values is not supported yet", position);
      if (!arg->type.isInteger()) throw Error("42883", "function " + signature(name, args) + " does not exist", position);
      if (type.id != TypeId::BigInt) type = arg->type.id == TypeId::BigInt ? SqlType::bigInt() : SqlType::integer();
   }
   if (type.id == TypeId::Unknown) throw Error("42725", "function " + signature(name, args) + " is not unique", position);
   for (auto& arg : args) arg = coerce(std::move(arg), type);

   auto series = std::make_unique<Series>();
   if (args.size() == 3) {
      // Generated code cannot raise "step size cannot equal zero", so the step is known here.
      const Expr& step = *args[2];
      if (step.kind != ExprKind::Constant) throw Error("0A000", "generate_series with a step that is not a constant is not supported yet", step.position);
      if (step.constant().isNull) args[0] = Expr::constantOf(Value::null(type));  // a NULL step: no rows
      else if (step.constant().integer == 0) throw Error("22023", "step size cannot equal zero");
      else series->step = step.constant().integer;
   }
   series->start = std::move(args[0]);
   series->stop = std::move(args[1]);
   return series;
}

std::unique_ptr<Series> ExpressionBinder::bindUnnest(const PgQuery__FuncCall& call) {
   int position = call.location + 1;
   std::vector<ExprPtr> args;
   for (size_t i = 0; i < call.n_args; ++i) args.push_back(bind(*call.args[i]));
   bool arrays = std::all_of(args.begin(), args.end(), [](const ExprPtr& e) { return e->type.isArray(); });
   if (args.size() > 1 && arrays) throw Error("0A000", "unnest of several arrays is not supported yet", position);
   // PostgreSQL has unnest(tsvector) too, so an untyped literal fits neither.
   if (args.size() == 1 && args[0]->type.id == TypeId::Unknown) throw Error("42725", "function " + signature("unnest", args) + " is not unique", position);
   if (args.size() != 1 || !arrays) throw Error("42883", "function " + signature("unnest", args) + " does not exist", position);
   auto series = std::make_unique<Series>();
   series->unnest = true;
   series->start = std::move(args[0]);
   return series;
}

std::unique_ptr<Series> ExpressionBinder::bindMomentSeries(std::vector<ExprPtr> args, int position) {
   // generate_series(timestamp, timestamp, interval) and its timestamptz form (also for dates,
   // as PostgreSQL resolves them): each value the previous one plus the step.
   SqlType type = SqlType::timestamp();
   for (size_t i = 0; i < 2; ++i)
      if (args[i]->type.id == TypeId::TimestampTz || args[i]->type.id == TypeId::Date) type = SqlType::timestampTz();
   if (args.size() == 3 && args[2]->type.id == TypeId::Unknown) args[2] = coerce(std::move(args[2]), SqlType::interval());
   bool fits = args.size() == 3 && args[2]->type.id == TypeId::Interval;
   for (size_t i = 0; i < 2; ++i) fits = fits && (args[i]->type.id == TypeId::Unknown || args[i]->type.isMoment());
   if (!fits) throw Error("42883", "function " + signature("generate_series", args) + " does not exist", position);
   const Expr& step = *args[2];
   if (step.kind != ExprKind::Constant) throw Error("0A000", "generate_series with a step that is not a constant is not supported yet", step.position);
   auto series = std::make_unique<Series>();
   if (step.constant().isNull) {
      args[0] = Expr::constantOf(Value::null(type));  // a NULL step: no rows
      series->interval = Interval{0, 1, 0};
   } else {
      const Interval& v = step.constant().interval;
      if (v.months == 0 && v.days == 0 && v.micros == 0) throw Error("22023", "step size cannot equal zero");
      series->interval = v;
   }
   series->start = coerce(std::move(args[0]), type);
   series->stop = coerce(std::move(args[1]), type);
   return series;
}

std::unique_ptr<Operator> SelectBinder::bindFunctionScan(const PgQuery__RangeFunction& range, std::unique_ptr<Operator> left, size_t leftStart, bool keepLeft) {
   if (range.is_rowsfrom || range.n_functions != 1) throw Error("0A000", "ROWS FROM is not supported yet");
   const PgQuery__List& function = *range.functions[0]->list;
   if (function.items[0]->node_case != PG_QUERY__NODE__NODE_FUNC_CALL) throw Error("0A000", "this kind of FROM item is not supported yet");
   const PgQuery__FuncCall& call = *function.items[0]->func_call;
   int position = call.location + 1;
   const PgQuery__Node* nameNode = call.funcname[call.n_funcname - 1];
   std::string name = nameNode->node_case == PG_QUERY__NODE__NODE_STRING ? nameNode->string->sval : "";
   if (function.n_items > 1 && function.items[1] && function.items[1]->node_case != PG_QUERY__NODE__NODE__NOT_SET)
      throw Error("42601", "a column definition list is only allowed for functions returning \"record\"", position);
   if (name != "generate_series" && name != "unnest") throw Error("0A000", "function " + name + " in FROM is not supported yet", position);

   // Subqueries in the arguments are joined to the function's input (the items before it, or a row).
   std::vector<PendingJoin> joins;
   ExpressionBinder binder = clauseBinder(clauses::fromFunction, &joins);
   std::unique_ptr<Series> series = name == "unnest" ? binder.bindUnnest(call) : binder.bindSeries(call);
   SqlType type = series->unnest ? series->start->type.elementType() : series->start->type;
   std::vector<const IU*> read, fromSubqueries;
   series->start->collectIUs(read);
   if (series->stop) series->stop->collectIUs(read);
   for (auto& join : joins)
      for (const IU* iu : addedIUs(*join.op)) fromSubqueries.push_back(iu);
   std::erase_if(read, [&](const IU* iu) { return std::find(fromSubqueries.begin(), fromSubqueries.end(), iu) != fromSubqueries.end(); });
   // A subquery correlated with the items before the function makes it lateral as well.
   for (auto& join : joins) {
      if (join.op->kind == OperatorKind::Join && static_cast<const Join&>(*join.op).condition) static_cast<const Join&>(*join.op).condition->collectIUs(read);
      if (join.op->kind == OperatorKind::Map)
         for (auto& c : static_cast<const Map&>(*join.op).computations) c.expression->collectIUs(read);
   }
   std::erase_if(read, [&](const IU* iu) { return std::find(fromSubqueries.begin(), fromSubqueries.end(), iu) != fromSubqueries.end(); });
   for (const IU* iu : read)
      if (scope_.isOuter(iu)) throw Error("0A000", "a function in FROM that reads the enclosing query's columns is not supported yet", position);
   bool lateral = !read.empty();
   for (const IU* iu : read)
      if (std::none_of(scope_.columns().begin() + long(leftStart), scope_.columns().end(), [&](auto& c) { return c.iu == iu; }))
         throw Error("0A000",
                     "a function in FROM that reads columns of FROM items other than those it is joined with (in a JOIN: its left side) is not supported yet",
                     position);
   // The column is named by the alias's column list, else by the alias, else by the function.
   std::string alias = range.alias ? range.alias->aliasname : name;
   bool renamed = range.alias && range.alias->n_colnames > 0 && range.alias->colnames[0]->node_case == PG_QUERY__NODE__NODE_STRING;
   series->output = ius_.make(type, keepLeft || series->unnest, renamed ? range.alias->colnames[0]->string->sval : alias);
   std::vector<const IU*> columns{series->output};
   std::vector<std::string> names{alias};
   if (range.ordinality) {
      // WITH ORDINALITY: a second column counting the rows from 1.
      bool named = range.alias && range.alias->n_colnames > 1;
      series->ordinality = ius_.make(SqlType::bigInt(), keepLeft, named ? range.alias->colnames[1]->string->sval : "ordinality");
      columns.push_back(series->ordinality);
      names.push_back("ordinality");
   }
   addToScope(alias, range.alias, columns, names, position);
   if (lateral) {
      series->keepEmpty = keepLeft;
      attach(left, joins);
      series->children.push_back(std::move(left));
      return series;
   }
   std::unique_ptr<Operator> oneRow = std::make_unique<Values>();
   static_cast<Values&>(*oneRow).rows.emplace_back();
   attach(oneRow, joins);
   series->children.push_back(std::move(oneRow));
   if (!left) return series;
   auto join = std::make_unique<Join>(keepLeft ? JoinKind::LeftOuter : JoinKind::Inner);
   if (keepLeft) join->condition = Expr::constantOf(Value::ofBool(true));
   join->children.push_back(std::move(left));
   join->children.push_back(std::move(series));
   return join;
}

}  // namespace kiln
