// GROUP BY: its keys, its grouping sets (ROLLUP, CUBE, GROUPING SETS, () and their cross
// product, as PostgreSQL expands them) and GROUPING(). Grouping sets aggregate once per set, and
// a union gathers the sets' rows: NULL for the keys a set lacks, GROUPING() a constant per set.
#include <algorithm>
#include <functional>
#include <unordered_map>

#include "algebra/literal_slots.h"
#include "algebra/operator_copy.h"
#include "parser/select_binder.h"

namespace kiln {

namespace {

using KeyOf = std::function<size_t(const PgQuery__Node&)>;

/// PostgreSQL's limits: CUBE's elements, GROUP BY's grouping sets and GROUPING()'s arguments.
constexpr size_t maxCubeElements = 12;
constexpr size_t maxGroupingSets = 4096;
constexpr size_t maxGroupingArguments = 31;

/// The keys an element of GROUP BY, ROLLUP, CUBE or GROUPING SETS stands for together: those of
/// a parenthesized list (a, b), as PostgreSQL reads it, else the one expression's.
void appendUnit(const PgQuery__Node& node, const KeyOf& keyOf, GroupingSet& unit) {
   if (node.node_case == PG_QUERY__NODE__NODE_ROW_EXPR && node.row_expr->row_format == PG_QUERY__COERCION_FORM__COERCE_IMPLICIT_CAST) {
      for (size_t i = 0; i < node.row_expr->n_args; ++i) appendUnit(*node.row_expr->args[i], keyOf, unit);
      return;
   }
   unit.push_back(keyOf(node));
}

std::vector<GroupingSet> unitsOf(const PgQuery__GroupingSet& set, const KeyOf& keyOf) {
   std::vector<GroupingSet> units(set.n_content);
   for (size_t i = 0; i < set.n_content; ++i) appendUnit(*set.content[i], keyOf, units[i]);
   return units;
}

/// The grouping sets an item of GROUP BY or GROUPING SETS stands for; `hasSets` is set when it is
/// a grouping set construct.
std::vector<GroupingSet> expand(const PgQuery__Node& item, const KeyOf& keyOf, bool& hasSets) {
   if (item.node_case != PG_QUERY__NODE__NODE_GROUPING_SET) {
      GroupingSet unit;
      appendUnit(item, keyOf, unit);
      return {unit};
   }
   hasSets = true;
   const PgQuery__GroupingSet& set = *item.grouping_set;
   std::vector<GroupingSet> sets;
   switch (set.kind) {
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_EMPTY: return {{}};
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_ROLLUP: {
         // ROLLUP (a, b, c): (a, b, c), (a, b), (a), ().
         std::vector<GroupingSet> units = unitsOf(set, keyOf);
         for (size_t n = units.size() + 1; n-- > 0;) {
            GroupingSet prefix;
            for (size_t i = 0; i < n; ++i) prefix.insert(prefix.end(), units[i].begin(), units[i].end());
            sets.push_back(std::move(prefix));
         }
         return sets;
      }
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_CUBE: {
         if (set.n_content > maxCubeElements) throw Error("54011", "CUBE is limited to 12 elements", set.location + 1);
         // Every subset of the elements.
         std::vector<GroupingSet> units = unitsOf(set, keyOf);
         for (size_t mask = 0; mask < (size_t(1) << units.size()); ++mask) {
            GroupingSet subset;
            for (size_t i = 0; i < units.size(); ++i)
               if (mask & (size_t(1) << i)) subset.insert(subset.end(), units[i].begin(), units[i].end());
            sets.push_back(std::move(subset));
         }
         return sets;
      }
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_SETS:
         for (size_t i = 0; i < set.n_content; ++i) {
            std::vector<GroupingSet> inner = expand(*set.content[i], keyOf, hasSets);
            sets.insert(sets.end(), inner.begin(), inner.end());
         }
         return sets;
      default: throw Error("0A000", "this kind of grouping set is not supported yet", set.location + 1);
   }
}

}  // namespace

ExprPtr ExpressionBinder::bindGrouping(const PgQuery__GroupingFunc& call) {
   int position = call.location + 1;
   clause_.require(Groupings, position);
   if (insideAggregate_) throw Error("42803", "aggregate function calls cannot be nested", position);
   if (call.n_args > maxGroupingArguments) throw Error("54023", "GROUPING must have fewer than 32 arguments", position);
   std::vector<ExprPtr> arguments;
   for (size_t i = 0; i < call.n_args; ++i) arguments.push_back(bind(*call.args[i]));
   // The same call twice (in SELECT and ORDER BY) is one value.
   for (auto& existing : calls_->groupings)
      if (std::equal(existing.arguments.begin(), existing.arguments.end(), arguments.begin(), arguments.end(), [](auto& a, auto& b) { return a->equals(*b); }))
         return Expr::columnRef(existing.output);
   const IU* output = ius_.make(SqlType::integer(), false, "grouping");
   calls_->groupings.push_back({std::move(arguments), output});
   return Expr::columnRef(output);
}

size_t SelectBinder::bindGroupKey(const PgQuery__Node& node, ExpressionBinder& binder, std::vector<Computation>& keys) {
   ExprPtr key;
   if (node.node_case == PG_QUERY__NODE__NODE_A_CONST && node.a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
      int64_t position = node.a_const->ival->ival;
      LiteralSlots::readFromTree(node.a_const);
      if (position < 1 || size_t(position) > targets_.size())
         throw Error("42P10", "GROUP BY position " + std::to_string(position) + " is not in select list", node.a_const->location + 1);
      const Target& target = targets_[size_t(position - 1)];
      key = target.node ? binder.bind(*target.node) : Expr::columnRef(target.iu);
   } else if (std::string name = bareColumnName(node); !name.empty()) {
      // An input column wins over an output alias of the same name, as in PostgreSQL.
      bool isInput = std::any_of(scope_.columns().begin(), scope_.columns().end(), [&](auto& c) { return c.name == name; });
      auto alias = std::find_if(targets_.begin(), targets_.end(), [&](auto& t) { return t.name == name && t.node; });
      key = (!isInput && alias != targets_.end()) ? binder.bind(*alias->node) : binder.bind(node);
   } else {
      key = binder.bind(node);
   }
   auto existing = std::find_if(keys.begin(), keys.end(), [&](auto& k) { return k.expression->equals(*key); });
   if (existing != keys.end()) return size_t(existing - keys.begin());
   const IU* output = ius_.make(key->type, key->nullable, key->kind == ExprKind::ColumnRef ? key->iu->name : "key");
   keys.push_back({output, std::move(key)});
   return keys.size() - 1;
}

void SelectBinder::bindGroupBy() {
   std::vector<Computation>& keys = clauses_.groupKeys;
   ExpressionBinder binder = clauseBinder(clauses::groupBy);
   KeyOf keyOf = [&](const PgQuery__Node& node) { return bindGroupKey(node, binder, keys); };
   // The cross product of the items' grouping sets: GROUP BY a, ROLLUP (b) is (a, b), (a).
   std::vector<GroupingSet> product = {{}};
   bool hasSets = false;
   for (size_t i = 0; i < select_.n_group_clause; ++i) {
      std::vector<GroupingSet> item = expand(*select_.group_clause[i], keyOf, hasSets);
      if (product.size() * item.size() > maxGroupingSets) throw Error("54001", "too many grouping sets present (maximum 4096)");
      std::vector<GroupingSet> combined;
      for (const GroupingSet& left : product)
         for (const GroupingSet& right : item) {
            combined.push_back(left);
            combined.back().insert(combined.back().end(), right.begin(), right.end());
         }
      product = std::move(combined);
   }
   if (!hasSets) return;
   for (GroupingSet& set : product) {
      std::sort(set.begin(), set.end());
      set.erase(std::unique(set.begin(), set.end()), set.end());
   }
   if (select_.group_distinct) {
      std::sort(product.begin(), product.end());
      product.erase(std::unique(product.begin(), product.end()), product.end());
   }
   // A key some set lacks is NULL in that set's rows.
   for (size_t k = 0; k < keys.size(); ++k)
      if (std::any_of(product.begin(), product.end(), [&](auto& set) { return !std::binary_search(set.begin(), set.end(), k); }))
         const_cast<IU*>(keys[k].output)->nullable = true;
   clauses_.groupingSets = std::move(product);
}

void SelectBinder::aggregateByGroupingSets(const std::vector<Computation>& keys, const std::vector<AggregateCall>& aggregates,
                                           const std::vector<GroupingSet>& sets, const std::vector<GroupingCall>& groupings) {
   // Each GROUPING() argument is a key; the call's bits, the first argument's the highest, are 1
   // for the keys a row's set lacks.
   std::vector<std::vector<size_t>> groupingKeys;
   for (const GroupingCall& call : groupings) {
      groupingKeys.emplace_back();
      for (const ExprPtr& argument : call.arguments) {
         auto key = std::find_if(keys.begin(), keys.end(), [&](auto& k) { return k.expression->equals(*argument); });
         if (key == keys.end() && scope_.outer() && isCorrelated(*argument))
            throw Error("0A000", "GROUPING() of an outer query's grouping expressions is not supported yet", argument->position);
         if (key == keys.end()) throw Error("42803", "arguments to GROUPING must be grouping expressions of the associated query level", argument->position);
         groupingKeys.back().push_back(size_t(key - keys.begin()));
      }
   }
   // One set aggregates into the query's IUs; several aggregate into their own, which the union gathers.
   bool alone = sets.size() == 1;
   auto branchIU = [&](const IU* iu, bool nullable) { return alone ? iu : ius_.make(iu->type, nullable, iu->name); };
   auto all = std::make_unique<UnionAll>();
   std::unique_ptr<Operator> input = std::move(root_);
   for (size_t s = 0; s < sets.size(); ++s) {
      const GroupingSet& set = sets[s];
      auto aggregate = std::make_unique<Aggregate>();
      for (size_t k : set) aggregate->keys.push_back({branchIU(keys[k].output, keys[k].expression->nullable), keys[k].expression->clone()});
      for (const AggregateCall& a : aggregates)
         aggregate->aggregates.push_back({a.function, a.argument ? a.argument->clone() : nullptr, branchIU(a.output, a.output->nullable), a.distinct,
                                          a.delimiter ? a.delimiter->clone() : nullptr, a.descending});
      aggregate->children.push_back(std::move(input));
      std::unique_ptr<Operator> branch = std::move(aggregate);
      if (s + 1 < sets.size()) {
         // The sets but the last aggregate copies of the input; the optimizer computes it once
         // when that pays.
         std::unordered_map<const IU*, const IU*> renamed;
         std::unique_ptr<Operator> copy = copyWithOwnIUs(*branch, ius_, renamed);
         if (!copy) throw Error("0A000", "grouping sets over window functions, WITH RECURSIVE or an outer query's values are not supported yet");
         input = std::move(branch->children[0]);
         branch = std::move(copy);
      }
      const auto& grouped = static_cast<const Aggregate&>(*branch);
      auto constants = std::make_unique<Map>();
      std::vector<const IU*> row;
      for (size_t k = 0, present = 0; k < keys.size(); ++k) {
         if (std::binary_search(set.begin(), set.end(), k)) {
            row.push_back(grouped.keys[present++].output);
            continue;
         }
         const IU* null = ius_.make(keys[k].output->type, true, keys[k].output->name);
         constants->computations.push_back({null, Expr::constantOf(Value::null(null->type))});
         row.push_back(null);
      }
      for (const AggregateCall& a : grouped.aggregates) row.push_back(a.output);
      for (size_t g = 0; g < groupings.size(); ++g) {
         int64_t bits = 0;
         for (size_t k : groupingKeys[g]) bits = bits << 1 | (std::binary_search(set.begin(), set.end(), k) ? 0 : 1);
         const IU* value = branchIU(groupings[g].output, false);
         constants->computations.push_back({value, Expr::constantOf(Value::ofInteger(SqlType::integer(), bits))});
         row.push_back(value);
      }
      if (!constants->computations.empty()) {
         constants->children.push_back(std::move(branch));
         branch = std::move(constants);
      }
      all->inputs.push_back(std::move(row));
      all->children.push_back(std::move(branch));
   }
   if (alone) {
      root_ = std::move(all->children[0]);
      return;
   }
   for (const Computation& key : keys) all->columns.push_back(key.output);
   for (const AggregateCall& a : aggregates) all->columns.push_back(a.output);
   for (const GroupingCall& call : groupings) all->columns.push_back(call.output);
   root_ = std::move(all);
}

}  // namespace kiln
