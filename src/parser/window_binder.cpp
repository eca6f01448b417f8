// Window functions: binding a call f(...) OVER (...) in an expression, resolving its window
// (named windows, PARTITION BY, ORDER BY, the frame) and making the Window operators that compute
// the calls after grouping and HAVING, before DISTINCT, ORDER BY and LIMIT.
#include <algorithm>
#include <cmath>

#include "common/decimal.h"
#include "parser/aggregate_function_binder.h"
#include "parser/range_distance.h"
#include "parser/select_binder.h"

namespace kiln {

namespace {

// PostgreSQL's FRAMEOPTION_* bits (nodes/parsenodes.h), as libpg_query hands them over.
enum FrameOption : int32_t {
   NonDefault = 0x1,
   Range = 0x2,
   Rows = 0x4,
   Groups = 0x8,
   Between = 0x10,
   StartUnboundedPreceding = 0x20,
   EndUnboundedFollowing = 0x100,
   StartCurrentRow = 0x200,
   EndCurrentRow = 0x400,
   StartOffsetPreceding = 0x800,
   EndOffsetPreceding = 0x1000,
   StartOffsetFollowing = 0x2000,
   EndOffsetFollowing = 0x4000,
   ExcludeCurrentRow = 0x8000,
   ExcludeGroup = 0x10000,
   ExcludeTies = 0x20000,
};

}  // namespace

ExprPtr ExpressionBinder::bindWindowCall(const std::string& name, const PgQuery__FuncCall& call) {
   int position = call.location + 1;
   if (insideAggregate_) throw Error("42803", "aggregate function calls cannot contain window function calls", position);
   if (insideWindow_) throw Error("42P20", "window function calls cannot be nested", position);
   clause_.require(Windows, position);
   BoundWindowCall bound{call.over, WindowFunction::Aggregate, {}, {}, nullptr, position};
   SqlType type;
   bool nullable = true;
   insideWindow_ = true;
   struct Reset {
      bool& flag;
      ~Reset() { flag = false; }
   } reset{insideWindow_};
   const AggregateDefinition* definition = findAggregate(name);
   if (definition && definition->form != CallForm::Window) {
      if (call.agg_distinct) throw Error("0A000", "DISTINCT is not implemented for window functions", position);
      bound.aggregate = bindAggregateCall(*definition, name, call, type, nullable, true);
      if (bound.aggregate.argument) bound.arguments.push_back(std::move(bound.aggregate.argument));
      if (bound.aggregate.delimiter) bound.arguments.push_back(std::move(bound.aggregate.delimiter));
   } else {
      if (call.agg_star || call.agg_distinct) throw Error("42809", name + " is not an aggregate function", position);
      if (call.agg_filter) throw Error("0A000", "FILTER is not implemented for non-aggregate window functions", position);
      std::vector<ExprPtr> args;
      for (size_t i = 0; i < call.n_args; ++i) args.push_back(bind(*call.args[i]));
      if (!definition) throw Error("42809", "OVER specified, but " + name + " is not a window function nor an aggregate function", position);
      WindowBinding binding{*definition, name, args, type, nullable, position};
      if (args.size() < definition->minArguments || args.size() > definition->maxArguments) throw binding.noSuchFunction();
      bound.function = definition->window;
      windowBinderOf(definition->rule)(binding);
      bound.arguments = std::move(args);
   }
   bool array = definition && collectsArray(*definition);
   bound.output = ius_.make(array ? SqlType::text() : type, nullable, name);
   const IU* output = bound.output;
   calls_->windows.push_back(std::move(bound));
   return array ? arrayOfElementTexts(output, type, position) : Expr::columnRef(output);
}

const PgQuery__WindowDef& SelectBinder::namedWindow(const std::string& name, size_t visible, int position) {
   for (size_t i = 0; i < visible && i < select_.n_window_clause; ++i) {
      const PgQuery__WindowDef& def = *select_.window_clause[i]->window_def;
      if (name == def.name) return def;
   }
   throw Error("42704", "window \"" + name + "\" does not exist", position);
}

SelectBinder::WindowSource SelectBinder::resolveWindow(const PgQuery__WindowDef& def, bool isNamed) {
   int position = def.location + 1;
   // OVER w: the named window as it is.
   if (!isNamed && def.name && *def.name) return resolveWindow(namedWindow(def.name, select_.n_window_clause, position), true);
   if (!def.refname || !*def.refname) return {&def, &def, &def};
   // OVER (w ORDER BY ...) and WINDOW v AS (w ...): w's partitioning, and its ordering unless w has none.
   size_t visible = select_.n_window_clause;
   if (isNamed)
      for (size_t i = 0; i < select_.n_window_clause; ++i)
         if (select_.window_clause[i]->window_def == &def) visible = i;
   std::string name = def.refname;
   WindowSource base = resolveWindow(namedWindow(name, visible, position), true);
   if (def.n_partition_clause) throw Error("42P20", "cannot override PARTITION BY clause of window \"" + name + "\"", position);
   if (def.n_order_clause && base.order->n_order_clause) throw Error("42P20", "cannot override ORDER BY clause of window \"" + name + "\"", position);
   if (base.frame->frame_options & NonDefault) throw Error("42P20", "cannot copy window \"" + name + "\" because it has a frame clause", position);
   return {base.partition, def.n_order_clause ? &def : base.order, &def};
}

WindowFrame SelectBinder::bindFrame(const PgQuery__WindowDef& def, const std::vector<ExprPtr>& orderBy) {
   WindowFrame frame;
   int32_t options = def.frame_options;
   if (!(options & NonDefault)) return frame;  // RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
   int position = def.location + 1;
   frame.mode = options & Rows ? FrameMode::Rows : options & Groups ? FrameMode::Groups : FrameMode::Range;
   bool hasOffset = options & (StartOffsetPreceding | StartOffsetFollowing | EndOffsetPreceding | EndOffsetFollowing);
   if (frame.mode == FrameMode::Range && hasOffset && orderBy.size() != 1)
      throw Error("42P20", "RANGE with offset PRECEDING/FOLLOWING requires exactly one ORDER BY column", position);
   if (frame.mode == FrameMode::Groups && orderBy.empty()) throw Error("42P20", "GROUPS mode requires an ORDER BY clause", position);
   const char* mode = frame.mode == FrameMode::Rows ? "ROWS" : frame.mode == FrameMode::Groups ? "GROUPS" : "RANGE";
   auto constantOffset = [&](const PgQuery__Node* node, const char* which) {
      ExprPtr e = clauseBinder(clauses::windowFrame).bind(*node);
      std::vector<const IU*> read;
      e->collectIUs(read);
      if (!read.empty()) throw Error("42P10", std::string("argument of ") + mode + " must not contain variables", e->position);
      if (e->kind != ExprKind::Constant) throw Error("0A000", "only constant frame offsets are supported", e->position);
      if (e->constant().isNull) throw Error("22004", std::string("frame ") + which + " offset must not be null", e->position);
      return e;
   };
   auto offset = [&](const PgQuery__Node* node, const char* which) {
      ExprPtr e = constantOffset(node, which);
      // The offset is a bigint: numbers convert as in an assignment, rounding half away from zero.
      int64_t n = 0;
      if (e->type.isInteger()) {
         n = e->constant().integer;
      } else if (e->type.id == TypeId::Decimal) {
         __int128 scale = decimal::pow10(e->type.scale), d = e->constant().decimal;
         n = int64_t((d + (d < 0 ? -scale / 2 : scale / 2)) / scale);
      } else if (e->type.id == TypeId::Numeric) {
         n = e->constant().numeric().toInteger(SqlType::bigInt());
      } else if (e->type.isFloat()) {
         n = std::llround(e->constant().floating);
      } else {
         throw Error("42804", std::string("argument of ") + mode + " must be type bigint, not type " + e->type.toString(), e->position);
      }
      if (n < 0) throw Error("22013", std::string("frame ") + which + " offset must not be negative", e->position);
      return n;
   };
   auto distance = [&](const PgQuery__Node* node, const char* which) {
      ExprPtr e = constantOffset(node, which);
      return bindRangeDistance(e->constant(), orderBy[0]->type, e->position);
   };
   if (options & StartUnboundedPreceding) frame.start = FrameBound::UnboundedPreceding;
   else if (options & StartCurrentRow) frame.start = FrameBound::CurrentRow;
   else if (options & StartOffsetPreceding) frame.start = FrameBound::Preceding;
   else if (options & StartOffsetFollowing) frame.start = FrameBound::Following;
   else throw Error("0A000", "this frame start is not supported", position);
   if (!(options & Between)) frame.end = FrameBound::CurrentRow;
   else if (options & EndUnboundedFollowing) frame.end = FrameBound::UnboundedFollowing;
   else if (options & EndCurrentRow) frame.end = FrameBound::CurrentRow;
   else if (options & EndOffsetPreceding) frame.end = FrameBound::Preceding;
   else if (options & EndOffsetFollowing) frame.end = FrameBound::Following;
   else throw Error("0A000", "this frame end is not supported", position);
   bool range = frame.mode == FrameMode::Range;
   if (frame.start == FrameBound::Preceding || frame.start == FrameBound::Following) {
      if (range) frame.startDistance = distance(def.start_offset, "starting");
      else frame.startOffset = offset(def.start_offset, "starting");
   }
   if (frame.end == FrameBound::Preceding || frame.end == FrameBound::Following) {
      if (range) frame.endDistance = distance(def.end_offset, "ending");
      else frame.endOffset = offset(def.end_offset, "ending");
   }
   frame.exclusion = options & ExcludeCurrentRow ? FrameExclusion::CurrentRow
                     : options & ExcludeGroup    ? FrameExclusion::Group
                     : options & ExcludeTies     ? FrameExclusion::Ties
                                                 : FrameExclusion::NoOthers;
   return frame;
}

void SelectBinder::bindWindowDefinitions() {
   for (size_t i = 0; i < select_.n_window_clause; ++i)
      for (size_t j = 0; j < i; ++j)
         if (std::string(select_.window_clause[i]->window_def->name) == select_.window_clause[j]->window_def->name)
            throw Error("42P20", "window \"" + std::string(select_.window_clause[i]->window_def->name) + "\" is already defined",
                        select_.window_clause[i]->window_def->location + 1);
   ExpressionBinder binder = groupedClauseBinder(clauses::windowDefinition);
   const std::vector<BoundWindowCall>& calls = clauses_.calls.windows;
   std::vector<WindowSpec>& specs = clauses_.windowSpecs;
   for (auto& call : calls) {
      WindowSource source = resolveWindow(*call.over, false);
      WindowSpec spec;
      for (size_t i = 0; i < source.partition->n_partition_clause; ++i) {
         ExprPtr e = binder.bind(*source.partition->partition_clause[i]);
         if (e->type.id == TypeId::Unknown) e = ExpressionBinder::coerce(std::move(e), SqlType::text());
         spec.partitionBy.push_back(std::move(e));
      }
      for (size_t i = 0; i < source.order->n_order_clause; ++i) {
         const PgQuery__SortBy& sortBy = *source.order->order_clause[i]->sort_by;
         spec.directions.push_back(sortDirection(sortBy));
         ExprPtr e = binder.bind(*sortBy.node);
         if (e->type.id == TypeId::Unknown) e = ExpressionBinder::coerce(std::move(e), SqlType::text());
         spec.orderBy.push_back(std::move(e));
      }
      spec.frame = bindFrame(*source.frame, spec.orderBy);
      specs.push_back(std::move(spec));
   }
   if (!calls.empty() && rowIdTable_) throw Error("42P20", "window functions are not allowed in UPDATE", calls[0].position);
   if (!calls.empty() && scope_.outer()) {
      // The Window operator sees only this query's rows: none of its inputs may read outer values.
      bool correlated = false;
      for (auto& call : calls)
         for (auto& argument : call.arguments) correlated |= argument && isCorrelated(*argument);
      for (auto& spec : specs) {
         for (auto& e : spec.partitionBy) correlated |= isCorrelated(*e);
         for (auto& e : spec.orderBy) correlated |= isCorrelated(*e);
      }
      if (correlated) throw Error("0A000", "window functions in correlated subqueries are not supported yet", calls[0].position);
   }
}

void SelectBinder::pushWindows(std::vector<BoundWindowCall>& calls, std::vector<WindowSpec>& specs) {
   if (!calls.empty() && !correlated_.empty()) {
      // An unnested correlated subquery holds the rows of all outer rows: each window sees one
      // outer row's, a partition by the correlation too.
      std::vector<const Expr*> inner = correlationPartition();
      for (auto& spec : specs)
         for (size_t i = 0; i < inner.size(); ++i) spec.partitionBy.insert(spec.partitionBy.begin() + long(i), inner[i]->clone());
   }
   auto sameWindow = [](const WindowSpec& a, const WindowSpec& b) {
      auto same = [](const std::vector<ExprPtr>& x, const std::vector<ExprPtr>& y) {
         return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin(), [](auto& e, auto& f) { return e->equals(*f); });
      };
      return same(a.partitionBy, b.partitionBy) && same(a.orderBy, b.orderBy) &&
             std::equal(a.directions.begin(), a.directions.end(), b.directions.begin(),
                        [](auto& d, auto& e) { return d.descending == e.descending && d.nullsFirst == e.nullsFirst; });
   };
   std::vector<bool> done(calls.size());
   for (size_t c = 0; c < calls.size(); ++c) {
      if (done[c]) continue;
      auto map = std::make_unique<Map>();
      auto window = std::make_unique<Window>();
      auto column = [&](ExprPtr e, const char* name) -> const IU* {
         if (e->kind == ExprKind::ColumnRef) return e->iu;
         for (auto& computation : map->computations)
            if (computation.expression->equals(*e)) return computation.output;
         if (e->type.id == TypeId::Unknown) e = ExpressionBinder::coerce(std::move(e), SqlType::text());
         const IU* iu = ius_.make(e->type, e->nullable, name);
         map->computations.push_back({iu, std::move(e)});
         return iu;
      };
      WindowSpec& spec = specs[c];
      for (auto& e : spec.partitionBy) window->partitionBy.push_back(column(e->clone(), "partition key"));
      for (size_t i = 0; i < spec.orderBy.size(); ++i)
         window->orderBy.push_back({column(spec.orderBy[i]->clone(), "window order"), spec.directions[i].descending, spec.directions[i].nullsFirst});
      for (size_t d = c; d < calls.size(); ++d) {
         // A window ordered by random() equals no other, not even itself.
         if (done[d] || (d != c && !sameWindow(spec, specs[d]))) continue;
         done[d] = true;
         BoundWindowCall& bound = calls[d];
         WindowCall call;
         call.function = bound.function;
         call.output = bound.output;
         call.frame = specs[d].frame;
         for (auto& argument : bound.arguments) call.arguments.push_back(argument ? column(std::move(argument), "window argument") : nullptr);
         if (call.function == WindowFunction::Aggregate) {
            call.aggregate = std::move(bound.aggregate);
            call.aggregate.output = call.output;
            if (!call.arguments.empty()) call.aggregate.argument = Expr::columnRef(call.arguments[0]);
            if (call.arguments.size() > 1) call.aggregate.delimiter = Expr::columnRef(call.arguments[1]);
         }
         window->calls.push_back(std::move(call));
      }
      if (!map->computations.empty()) push(std::move(map));
      push(std::move(window));
   }
}

}  // namespace kiln
