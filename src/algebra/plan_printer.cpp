#include "algebra/plan_printer.h"

#include "storage/secondary_index.h"
#include "storage/table.h"
#include "storage/unique_index.h"

namespace kiln {

const char* aggregateName(AggregateFunction function) {
   switch (function) {
      case AggregateFunction::CountStar: return "count(*)";
      case AggregateFunction::Count: return "count";
      case AggregateFunction::Sum: return "sum";
      case AggregateFunction::Avg: return "avg";
      case AggregateFunction::Min: return "min";
      case AggregateFunction::Max: return "max";
      case AggregateFunction::VarSamp: return "var_samp";
      case AggregateFunction::VarPop: return "var_pop";
      case AggregateFunction::StddevSamp: return "stddev_samp";
      case AggregateFunction::StddevPop: return "stddev_pop";
      case AggregateFunction::StringAgg: return "string_agg";
      case AggregateFunction::SingleValue: return "single_value";
      case AggregateFunction::PercentileCont: return "percentile_cont";
      case AggregateFunction::PercentileDisc: return "percentile_disc";
      case AggregateFunction::Mode: return "mode";
   }
   return "?";
}

const std::string& IndexScan::indexName() const { return index ? index->name() : secondary->name(); }
const std::vector<size_t>& IndexScan::indexColumns() const { return index ? index->columns() : secondary->columns(); }

const char* joinKindName(JoinKind kind) {
   switch (kind) {
      case JoinKind::Inner: return "Inner";
      case JoinKind::LeftOuter: return "LeftOuter";
      case JoinKind::Semi: return "Semi";
      case JoinKind::Anti: return "Anti";
      case JoinKind::NullAwareAnti: return "NullAwareAnti";
      case JoinKind::FullOuter: return "FullOuter";
   }
   return "?";
}

const char* windowFunctionName(const WindowCall& call) {
   switch (call.function) {
      case WindowFunction::RowNumber: return "row_number";
      case WindowFunction::Rank: return "rank";
      case WindowFunction::DenseRank: return "dense_rank";
      case WindowFunction::PercentRank: return "percent_rank";
      case WindowFunction::CumeDist: return "cume_dist";
      case WindowFunction::Ntile: return "ntile";
      case WindowFunction::Lag: return "lag";
      case WindowFunction::Lead: return "lead";
      case WindowFunction::FirstValue: return "first_value";
      case WindowFunction::LastValue: return "last_value";
      case WindowFunction::NthValue: return "nth_value";
      case WindowFunction::Aggregate: return aggregateName(call.aggregate.function);
   }
   return "?";
}

std::vector<const IU*> producedIUs(const Operator& op) {
   switch (op.kind) {
      case OperatorKind::TableScan: {
         auto& scan = static_cast<const TableScan&>(op);
         auto ius = scan.columns;
         if (scan.rowId) ius.push_back(scan.rowId);
         return ius;
      }
      case OperatorKind::IndexScan: {
         auto& scan = static_cast<const IndexScan&>(op);
         auto ius = scan.children.empty() ? std::vector<const IU*>() : producedIUs(op.child());
         ius.insert(ius.end(), scan.columns.begin(), scan.columns.end());
         if (scan.rowId) ius.push_back(scan.rowId);
         return ius;
      }
      case OperatorKind::Values: return static_cast<const Values&>(op).columns;
      case OperatorKind::UnionAll: return static_cast<const UnionAll&>(op).columns;
      case OperatorKind::RecursiveUnion: return static_cast<const RecursiveUnion&>(op).columns;
      case OperatorKind::WorkTableScan: return static_cast<const WorkTableScan&>(op).columns;
      case OperatorKind::WithShared: return producedIUs(*op.children[1]);
      case OperatorKind::SharedScan: return static_cast<const SharedScan&>(op).columns;
      case OperatorKind::Map: {
         auto ius = producedIUs(op.child());
         for (auto& c : static_cast<const Map&>(op).computations) ius.push_back(c.output);
         return ius;
      }
      case OperatorKind::Aggregate: {
         std::vector<const IU*> ius;
         for (auto& k : static_cast<const Aggregate&>(op).keys) ius.push_back(k.output);
         for (auto& a : static_cast<const Aggregate&>(op).aggregates) ius.push_back(a.output);
         return ius;
      }
      case OperatorKind::Join: {
         auto ius = producedIUs(*op.children[0]);
         JoinKind kind = static_cast<const Join&>(op).joinKind;
         if (kind == JoinKind::Inner || kind == JoinKind::LeftOuter || kind == JoinKind::FullOuter)
            for (const IU* iu : producedIUs(*op.children[1])) ius.push_back(iu);
         return ius;
      }
      case OperatorKind::Series: {
         auto ius = producedIUs(op.child());
         ius.push_back(static_cast<const Series&>(op).output);
         if (const IU* ordinality = static_cast<const Series&>(op).ordinality) ius.push_back(ordinality);
         return ius;
      }
      case OperatorKind::Window: {
         auto ius = producedIUs(op.child());
         for (auto& call : static_cast<const Window&>(op).calls) ius.push_back(call.output);
         return ius;
      }
      default: return producedIUs(op.child());
   }
}

namespace {

std::string join(const std::vector<std::string>& parts, const std::string& separator = ", ") {
   std::string s;
   for (size_t i = 0; i < parts.size(); ++i) s += (i ? separator : "") + parts[i];
   return s;
}

std::string describeKeys(const std::vector<SortKey>& keys) {
   std::vector<std::string> parts;
   for (auto& k : keys) parts.push_back(k.iu->name + (k.descending ? " DESC" : " ASC") + (k.nullsFirst ? " NULLS FIRST" : " NULLS LAST"));
   return join(parts);
}

std::string describeFrame(const WindowFrame& frame) {
   auto bound = [&](FrameBound b, int64_t offset, const Value& distance) -> std::string {
      std::string amount = frame.mode == FrameMode::Range ? formatValue(distance) : std::to_string(offset);
      switch (b) {
         case FrameBound::UnboundedPreceding: return "UNBOUNDED PRECEDING";
         case FrameBound::Preceding: return amount + " PRECEDING";
         case FrameBound::CurrentRow: return "CURRENT ROW";
         case FrameBound::Following: return amount + " FOLLOWING";
         case FrameBound::UnboundedFollowing: return "UNBOUNDED FOLLOWING";
      }
      return "?";
   };
   static const char* exclusions[] = {"", " EXCLUDE CURRENT ROW", " EXCLUDE GROUP", " EXCLUDE TIES"};
   const char* mode = frame.mode == FrameMode::Rows ? "ROWS" : frame.mode == FrameMode::Groups ? "GROUPS" : "RANGE";
   return std::string(mode) + " BETWEEN " + bound(frame.start, frame.startOffset, frame.startDistance) + " AND " +
          bound(frame.end, frame.endOffset, frame.endDistance) + exclusions[size_t(frame.exclusion)];
}

std::string describe(const Operator& op) {
   switch (op.kind) {
      case OperatorKind::TableScan: {
         auto& scan = static_cast<const TableScan&>(op);
         return "TableScan " + scan.table->name();
      }
      case OperatorKind::IndexScan: {
         auto& scan = static_cast<const IndexScan&>(op);
         std::vector<std::string> conditions;
         if (scan.condition->kind == ExprKind::And)
            for (auto& c : scan.condition->children) conditions.push_back(c->toString());
         else conditions.push_back(scan.condition->toString());
         std::string condition = join(conditions, " AND ");
         if (scan.nextNotNull) condition += ", not null";
         if (scan.descending) condition += ", descending";
         if (scan.limit) condition += ", first " + std::to_string(scan.limit);
         return (scan.children.empty() ? "IndexScan "
                 : scan.keepUnmatched  ? "LeftOuterIndexJoin "
                                       : "IndexJoin ") +
                scan.table->name() + " using " + scan.indexName() + " (" + condition + ")";
      }
      case OperatorKind::Values: return "Values (" + std::to_string(static_cast<const Values&>(op).rows.size()) + " rows)";
      case OperatorKind::Filter: return "Filter " + static_cast<const Filter&>(op).condition->toString();
      case OperatorKind::Map: {
         std::vector<std::string> parts;
         for (auto& c : static_cast<const Map&>(op).computations) parts.push_back(c.output->name + " := " + c.expression->toString());
         return "Map " + join(parts);
      }
      case OperatorKind::Aggregate: {
         auto& aggregate = static_cast<const Aggregate&>(op);
         std::vector<std::string> keys, calls;
         for (auto& k : aggregate.keys) keys.push_back(k.expression->toString());
         for (auto& a : aggregate.aggregates) {
            std::string name = aggregateName(a.function);
            if (a.function == AggregateFunction::CountStar) calls.push_back(name);
            else if (a.function == AggregateFunction::PercentileCont || a.function == AggregateFunction::PercentileDisc ||
                     a.function == AggregateFunction::Mode)
               calls.push_back(name + "(" + (a.delimiter ? a.delimiter->toString() : "") + ") WITHIN GROUP (ORDER BY " + a.argument->toString() +
                               (a.descending ? " DESC" : "") + ")");
            else
               calls.push_back(name + "(" + (a.distinct ? "DISTINCT " : "") + a.argument->toString() + (a.delimiter ? ", " + a.delimiter->toString() : "") +
                               ")");
         }
         std::string s = aggregate.keys.empty() ? "Aggregate" : "HashAggregate keys: " + join(keys);
         return calls.empty() ? s : s + (aggregate.keys.empty() ? " " : "; ") + join(calls);
      }
      case OperatorKind::Sort: return "Sort " + describeKeys(static_cast<const Sort&>(op).keys);
      case OperatorKind::Window: {
         auto& window = static_cast<const Window&>(op);
         std::vector<std::string> calls, partition;
         for (auto& call : window.calls) {
            std::vector<std::string> args;
            for (const IU* iu : call.arguments) args.push_back(iu ? iu->name : "default");
            bool star = call.function == WindowFunction::Aggregate && call.aggregate.function == AggregateFunction::CountStar;
            std::string s = call.output->name + " := " + windowFunctionName(call) + (star ? "" : "(" + join(args) + ")");
            bool framed = call.function == WindowFunction::Aggregate || call.function == WindowFunction::FirstValue ||
                          call.function == WindowFunction::LastValue || call.function == WindowFunction::NthValue;
            const WindowFrame& f = call.frame;
            bool defaultFrame = f.mode == FrameMode::Range && f.start == FrameBound::UnboundedPreceding && f.end == FrameBound::CurrentRow &&
                                f.exclusion == FrameExclusion::NoOthers;
            calls.push_back(framed && !defaultFrame ? s + " " + describeFrame(call.frame) : s);
         }
         for (const IU* iu : window.partitionBy) partition.push_back(iu->name);
         std::string s = "Window " + join(calls);
         if (!partition.empty()) s += "; partition by " + join(partition);
         if (!window.orderBy.empty()) s += "; order by " + describeKeys(window.orderBy);
         return s;
      }
      case OperatorKind::Join: {
         auto& join = static_cast<const Join&>(op);
         std::string s = std::string(joinKindName(join.joinKind)) + "Join" + (join.buildLeft ? " (build left)" : "");
         return join.condition ? s + " " + join.condition->toString() : s + " (every pair)";
      }
      case OperatorKind::UnionAll: return "UnionAll";
      case OperatorKind::RecursiveUnion: return static_cast<const RecursiveUnion&>(op).distinct ? "RecursiveUnion" : "RecursiveUnionAll";
      case OperatorKind::WorkTableScan: return "WorkTableScan";
      case OperatorKind::WithShared: return "WithShared s" + std::to_string(static_cast<const WithShared&>(op).id);
      case OperatorKind::SharedScan: return "SharedScan s" + std::to_string(static_cast<const SharedScan&>(op).source->id);
      case OperatorKind::Series: {
         auto& series = static_cast<const Series&>(op);
         std::string s = "Series " + series.output->name +
                         " := " + (series.unnest ? "unnest(" + series.start->toString() + ")" : series.start->toString() + " .. " + series.stop->toString());
         if (series.ordinality) s += " with ordinality " + series.ordinality->name;
         if (series.interval) s += " step " + Expr::constantOf(Value::ofInterval(*series.interval))->toString();
         else if (series.step != 1) s += " step " + std::to_string(series.step);
         return series.keepEmpty ? s + ", else NULL" : s;
      }
      case OperatorKind::Limit: {
         auto& limit = static_cast<const Limit&>(op);
         std::string s = "Limit";
         if (limit.limit != std::numeric_limits<uint64_t>::max()) s += " " + std::to_string(limit.limit);
         if (limit.offset) s += " offset " + std::to_string(limit.offset);
         return s;
      }
   }
   return "?";
}

void print(const Operator& op, int depth, std::vector<std::string>& lines, const std::function<std::string(const Operator&)>& annotate) {
   std::string line = std::string(size_t(depth) * 2, ' ') + (depth ? "-> " : "") + describe(op);
   if (annotate) line += "  " + annotate(op);
   lines.push_back(line);
   for (auto& child : op.children) print(*child, depth + 1, lines, annotate);
}

}  // namespace

std::vector<std::string> printPlan(const QueryPlan& plan, const std::function<std::string(const Operator&)>& annotate) {
   std::vector<std::string> lines;
   std::vector<std::string> names;
   for (size_t i = 0; i < plan.columns.size(); ++i) names.push_back(plan.columnNames[i]);
   lines.push_back("Result " + join(names));
   print(*plan.root, 1, lines, annotate);
   return lines;
}

}  // namespace kiln
