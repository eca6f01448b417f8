// Subqueries become joins (Neumann & Kemper, "Unnesting Arbitrary Queries", in the cases with
// equality correlation): EXISTS/IN a semi join, NOT EXISTS an anti join, NOT IN a NULL-aware anti
// join, a scalar subquery a join with its single row, and a correlated aggregate subquery a left
// outer join with the subquery grouped by its correlation keys; what follows the aggregation is
// computed above that join, where an outer row without a group sees count() 0 (the "COUNT bug"
// of unnesting). A scalar subquery, and grouping, DISTINCT, windows and LIMIT of a subquery,
// correlated otherwise are computed for each value of the domains of the outer values it reads
// (the distinct values of the operator that computes each). LATERAL subqueries in FROM are
// dependent joins unnested the same way. EXISTS, IN, ANY and ALL in an expression (not a WHERE
// conjunct) are values of their rows per outer row, grouped like a scalar subquery's and counted.
// No subquery is evaluated per row.
#include "parser/select_binder.h"

#include <algorithm>

#include "algebra/operator_copy.h"

namespace kiln {

namespace {

/// CASE WHEN c THEN a ELSE b END for constant booleans a, b: `c IS NOT TRUE` is (c, false, true).
ExprPtr truthTest(ExprPtr c, bool whenTrue, bool otherwise) {
   auto e = std::make_unique<Expr>(ExprKind::Case, SqlType::boolean());
   e->nullable = false;
   e->hasElse = true;
   e->children.push_back(std::move(c));
   e->children.push_back(Expr::constantOf(Value::ofBool(whenTrue)));
   e->children.push_back(Expr::constantOf(Value::ofBool(otherwise)));
   return e;
}

/// `iu IS NOT NULL`: where an outer join found a partner.
ExprPtr isNotNull(const IU* iu) {
   auto e = std::make_unique<Expr>(ExprKind::IsNull, SqlType::boolean());
   e->negated = true;
   e->nullable = false;
   e->children.push_back(Expr::columnRef(iu));
   return e;
}

/// Whether an expression reads only `ius` (a subquery's own values).
std::function<bool(const Expr&)> readsOnly(const std::vector<const IU*>& ius) {
   return [&ius](const Expr& e) {
      std::vector<const IU*> used;
      e.collectIUs(used);
      return std::all_of(used.begin(), used.end(), [&](const IU* iu) { return std::find(ius.begin(), ius.end(), iu) != ius.end(); });
   };
}

ExprPtr negation(ExprPtr c) {
   auto e = std::make_unique<Expr>(ExprKind::Not, SqlType::boolean());
   e->nullable = c->nullable;
   e->children.push_back(std::move(c));
   return e;
}

}  // namespace

bool SelectBinder::isCorrelated(const Expr& e) const {
   std::vector<const IU*> ius;
   e.collectIUs(ius);
   for (const IU* iu : ius)
      if (scope_.isOuter(iu)) return true;
   return false;
}

const Expr* SelectBinder::innerSide(const Expr& predicate) const {
   bool isEquality = predicate.kind == ExprKind::Comparison && (predicate.compareOp() == CompareOp::Eq || predicate.compareOp() == CompareOp::IsNotDistinct);
   if (!isEquality) return nullptr;
   // The outer side must read nothing of this query: the join that replaces it has no such values.
   auto readsOnlyOuter = [&](const Expr& e) {
      std::vector<const IU*> used;
      e.collectIUs(used);
      return !used.empty() && std::all_of(used.begin(), used.end(), [&](const IU* iu) { return scope_.isOuter(iu); });
   };
   const Expr& a = *predicate.children[0];
   const Expr& b = *predicate.children[1];
   if (!isCorrelated(a) && readsOnlyOuter(b)) return &a;
   if (readsOnlyOuter(a) && !isCorrelated(b)) return &b;
   return nullptr;
}

std::vector<const Expr*> SelectBinder::correlationPartition() {
   // Only equalities (inner = outer) make "the rows of one outer row" a partition.
   correlateThroughDomains();
   std::vector<const Expr*> inner;
   for (auto& predicate : correlated_) inner.push_back(innerSide(*predicate));
   return inner;
}

namespace {

void replaceIU(Expr& e, const IU* from, const IU* to) {
   if (e.kind == ExprKind::ColumnRef && e.iu == from) e.iu = to;
   for (auto& child : e.children) replaceIU(*child, from, to);
}

/// The operator of `op`'s tree that computes `iu`: the deepest whose output carries it.
const Operator* producerOf(const Operator& op, const IU* iu) {
   for (auto& child : op.children)
      if (const Operator* producer = producerOf(*child, iu)) return producer;
   auto produced = producedIUs(op);
   return std::find(produced.begin(), produced.end(), iu) != produced.end() ? &op : nullptr;
}

}  // namespace

const IU* SelectBinder::domainOf(const IU* outer) {
   addDomains({outer});
   for (auto& [from, domain] : domains_)
      if (from == outer) return domain;
   return nullptr;
}

void SelectBinder::addDomains(const std::vector<const IU*>& outers) {
   // The values the outer values may take together: the distinct rows of them that the operator
   // computing them yields (a table, a derived table, ...), one domain for the values of one such
   // operator (separate domains would be joined as their cross product, a row for each pair of
   // values no outer row may hold together). Values that may be NULL may also be NULL on their
   // own (an outer join nulls a table's values together, grouping sets one by one), so the domain
   // also has each row with any of them NULL: 2^k copies for k such values, hence at most three
   // in one domain, the others in domains of their own. A superset of the outer query's rows,
   // which is enough.
   constexpr size_t maxNullableTogether = 3;
   std::vector<std::pair<const Operator*, std::vector<const IU*>>> groups;
   for (const IU* outer : outers) {
      if (std::any_of(domains_.begin(), domains_.end(), [&](auto& d) { return d.first == outer; })) continue;
      const Operator* producer = nullptr;
      for (const SelectBinder* b = enclosing_; b && !producer; b = b->enclosing_)
         if (b->root_) producer = producerOf(*b->root_, outer);
      if (!producer) continue;
      auto group = std::find_if(groups.begin(), groups.end(), [&](auto& g) {
         size_t nullable = size_t(std::count_if(g.second.begin(), g.second.end(), [](const IU* iu) { return iu->nullable; }));
         return g.first == producer && (!outer->nullable || nullable < maxNullableTogether);
      });
      if (group == groups.end()) group = groups.insert(groups.end(), {producer, {}});
      if (std::find(group->second.begin(), group->second.end(), outer) == group->second.end()) group->second.push_back(outer);
   }
   for (auto& [producer, values] : groups) {
      std::vector<size_t> nullable;
      for (size_t i = 0; i < values.size(); ++i)
         if (values[i]->nullable) nullable.push_back(i);
      // One input per subset of the nullable values made NULL.
      auto inputs = std::make_unique<UnionAll>();
      for (size_t i = 0; i < values.size(); ++i) inputs->columns.push_back(ius_.make(values[i]->type, values[i]->nullable, values[i]->name));
      bool copied = true;
      for (size_t mask = 0; copied && mask < (size_t(1) << nullable.size()); ++mask) {
         auto isNulled = [&](size_t i) {
            auto k = std::find(nullable.begin(), nullable.end(), i);
            return k != nullable.end() && (mask >> (k - nullable.begin()) & 1);
         };
         if (nullable.size() == values.size() && mask + 1 == size_t(1) << nullable.size()) {
            // All of them NULL: one row.
            auto nulls = std::make_unique<Values>();
            nulls->rows.emplace_back();
            for (size_t i = 0; i < values.size(); ++i) {
               nulls->columns.push_back(ius_.make(values[i]->type, true, values[i]->name));
               nulls->rows[0].push_back(Expr::constantOf(Value::null(values[i]->type)));
            }
            inputs->inputs.push_back(nulls->columns);
            inputs->children.push_back(std::move(nulls));
            continue;
         }
         std::unordered_map<const IU*, const IU*> renamed;
         std::unique_ptr<Operator> input = copyWithOwnIUs(*producer, ius_, renamed);
         copied = input != nullptr;
         if (!copied) break;
         std::vector<const IU*> columns;
         auto nulled = std::make_unique<Map>();
         for (size_t i = 0; i < values.size(); ++i) {
            if (!isNulled(i)) {
               columns.push_back(renamed.at(values[i]));
               continue;
            }
            columns.push_back(ius_.make(values[i]->type, true, values[i]->name));
            nulled->computations.push_back({columns.back(), Expr::constantOf(Value::null(values[i]->type))});
         }
         if (!nulled->computations.empty()) {
            nulled->children.push_back(std::move(input));
            input = std::move(nulled);
         }
         inputs->inputs.push_back(columns);
         inputs->children.push_back(std::move(input));
      }
      if (!copied) continue;  // no domain: the callers refuse the query
      std::vector<const IU*> columns = inputs->children.size() == 1 ? inputs->inputs[0] : inputs->columns;
      std::unique_ptr<Operator> input = inputs->children.size() == 1 ? std::move(inputs->children[0]) : std::move(inputs);
      auto distinct = std::make_unique<Aggregate>();
      for (size_t i = 0; i < values.size(); ++i)
         distinct->keys.push_back({ius_.make(values[i]->type, values[i]->nullable, values[i]->name), Expr::columnRef(columns[i])});
      distinct->children.push_back(std::move(input));
      joinDomain(std::move(distinct), values);
   }
}

void SelectBinder::joinDomain(std::unique_ptr<Aggregate> domain, const std::vector<const IU*>& values) {
   // This query is now computed for every row of the domain; the enclosing query picks its own
   // (also NULL, for which the subquery has an answer too).
   for (size_t i = 0; i < values.size(); ++i) {
      const IU* value = domain->keys[i].output;
      auto same = Expr::equality(Expr::columnRef(value), Expr::columnRef(values[i]));
      if (value->nullable || values[i]->nullable) {
         same->op = uint8_t(CompareOp::IsNotDistinct);
         same->nullable = false;
      }
      correlated_.push_back(std::move(same));
      domains_.emplace_back(values[i], value);
   }
   auto join = std::make_unique<Join>(JoinKind::Inner);
   join->children.push_back(std::move(root_));
   join->children.push_back(std::move(domain));
   root_ = std::move(join);
}

void SelectBinder::correlateThroughDomains() {
   // Neumann & Kemper's dependent join: this query is computed for each value of the domains of
   // the outer values its other conditions read, which then read the domains instead; only
   // domain = outer value correlates it.
   std::vector<ExprPtr> conditions = std::move(correlated_), equalities, local;
   correlated_.clear();
   std::vector<const IU*> outers;
   for (ExprPtr& e : conditions) {
      if (innerSide(*e)) continue;
      std::vector<const IU*> used;
      e->collectIUs(used);
      for (const IU* iu : used)
         if (scope_.isOuter(iu)) outers.push_back(iu);
   }
   addDomains(outers);
   for (ExprPtr& e : conditions) {
      if (innerSide(*e)) {
         equalities.push_back(std::move(e));
         continue;
      }
      std::vector<const IU*> used;
      e->collectIUs(used);
      for (const IU* iu : used) {
         if (!scope_.isOuter(iu)) continue;
         const IU* domain = domainOf(iu);
         if (!domain)
            throw Error("0A000",
                        "a subquery correlated by other than equalities on a value its enclosing query computes by a subquery or a window is not supported yet",
                        e->position);
         replaceIU(*e, iu, domain);
      }
      local.push_back(std::move(e));
   }
   // An equality on values that now have domains reads those too: otherwise the rows of one
   // domain value would be split by the equality's inner values, groups no outer row reads (whose
   // errors, such as a scalar subquery's 21000, would be raised all the same).
   auto hasDomain = [&](const IU* iu) { return std::any_of(domains_.begin(), domains_.end(), [&](auto& d) { return d.first == iu; }); };
   auto isDomain = [&](const Expr& e) {
      return e.kind == ExprKind::ColumnRef && std::any_of(domains_.begin(), domains_.end(), [&](auto& d) { return d.second == e.iu; });
   };
   for (ExprPtr& e : equalities) {
      std::vector<const IU*> used;
      e->collectIUs(used);
      bool readsDomainValues = std::all_of(used.begin(), used.end(), [&](const IU* iu) { return !scope_.isOuter(iu) || hasDomain(iu); });
      // domain = outer value itself stays the correlation
      if (local.empty() || isDomain(*innerSide(*e)) || !readsDomainValues) {
         correlated_.push_back(std::move(e));
         continue;
      }
      for (auto& [outer, domain] : domains_) replaceIU(*e, outer, domain);
      local.push_back(std::move(e));
   }
   if (local.empty()) return;
   auto filter = std::make_unique<Filter>();
   filter->condition = Expr::conjunction(std::move(local));
   push(std::move(filter));
}

void SelectBinder::aggregateOverDomains(std::vector<AggregateCall>& aggregates) {
   std::vector<const IU*> outers;
   for (auto& call : aggregates)
      for (ExprPtr* e : {&call.argument, &call.delimiter}) {
         std::vector<const IU*> used;
         if (*e) (*e)->collectIUs(used);
         for (const IU* iu : used)
            if (scope_.isOuter(iu)) outers.push_back(iu);
      }
   addDomains(outers);
   for (auto& call : aggregates) {
      for (ExprPtr* e : {&call.argument, &call.delimiter}) {
         if (!*e) continue;
         std::vector<const IU*> used;
         (*e)->collectIUs(used);
         for (const IU* iu : used) {
            if (!scope_.isOuter(iu)) continue;
            const IU* domain = domainOf(iu);
            if (!domain)
               throw Error("0A000", "an aggregate of a value its enclosing query computes by a subquery or a window is not supported yet", (*e)->position);
            replaceIU(**e, iu, domain);
         }
      }
   }
}

void SelectBinder::passOuterValues(Bound& sub) {
   // A subquery of a subquery that reads the query two levels out (Neumann & Kemper's dependent
   // join): this query is computed for each value it reads there, whose domain joins its input;
   // the inner subquery reads that domain, and the join with the outer query is on it too.
   // Its outputs computed here (above the join that replaces it) may read the domain too.
   if (!beforeAggregation_ || !root_) return;
   std::vector<Expr*> reading;
   for (auto& condition : sub.correlated) reading.push_back(condition.get());
   for (auto& value : sub.deferred)
      if (value) reading.push_back(value.get());
   if (sub.row) {
      for (auto& value : sub.row->values) reading.push_back(value.get());
      if (sub.row->present) reading.push_back(sub.row->present.get());
   }
   for (Expr* e : reading) {
      std::vector<const IU*> used;
      e->collectIUs(used);
      for (const IU* iu : used)
         if (scope_.isOuter(iu))
            if (const IU* domain = domainOf(iu)) replaceIU(*e, iu, domain);
   }
}

SelectBinder::Bound SelectBinder::bindSubquery(const PgQuery__Node& query, SubqueryUse use, std::unique_ptr<OutputComparison> compared) {
   if (query.node_case != PG_QUERY__NODE__NODE_SELECT_STMT) throw Error("0A000", "this kind of subquery is not supported");
   SelectBinder binder(*query.select_stmt, catalog_, ius_, nullptr, &scope_, this);
   binder.use_ = use;
   binder.compared_ = std::move(compared);
   Bound sub = binder.bind();
   passOuterValues(sub);
   // Its conditions become this query's join conditions: they may read this query's values, not
   // those of a query further out.
   for (auto& condition : sub.correlated)
      if (isCorrelated(*condition)) throw Error("0A000", "a subquery that reads a query two or more levels out is not supported yet");
   for (auto& value : sub.deferred)
      if (value && isCorrelated(*value)) throw Error("0A000", "a subquery that reads a query two or more levels out is not supported yet");
   if (sub.row) {
      for (auto& value : sub.row->values)
         if (isCorrelated(*value)) throw Error("0A000", "a subquery that reads a query two or more levels out is not supported yet");
      if (sub.row->present && isCorrelated(*sub.row->present))
         throw Error("0A000", "a subquery that reads a query two or more levels out is not supported yet");
   }
   return sub;
}

namespace {

/// Correlated conditions `inner = outer` become grouping keys `inner` (added to `keys`) and the
/// join conditions `outer = key`; `isInner` tells the subquery's own expressions.
void groupByCorrelation(std::vector<ExprPtr>& correlated, std::vector<Computation>& keys, IUSet& ius, const std::function<bool(const Expr&)>& isInner) {
   for (auto& predicate : correlated) {
      bool isEquality = predicate->kind == ExprKind::Comparison &&
                        (predicate->compareOp() == CompareOp::Eq || predicate->compareOp() == CompareOp::IsNotDistinct);
      int innerSide = -1;
      for (int side = 0; isEquality && side < 2; ++side)
         if (isInner(*predicate->children[size_t(side)]) && !isInner(*predicate->children[size_t(1 - side)])) innerSide = side;
      // Other correlations went through domains before (correlateThroughDomains).
      if (innerSide < 0) throw Error("XX000", "internal: a correlation that is not inner = outer", predicate->position);
      ExprPtr inner = std::move(predicate->children[size_t(innerSide)]);
      ExprPtr outer = std::move(predicate->children[size_t(1 - innerSide)]);
      const IU* key = nullptr;
      for (auto& k : keys)
         if (k.expression->equals(*inner)) key = k.output;
      if (!key) {
         key = ius.make(inner->type, inner->nullable, "correlation key");
         keys.push_back({key, std::move(inner)});
      }
      bool notDistinct = predicate->compareOp() == CompareOp::IsNotDistinct;
      predicate = Expr::equality(std::move(outer), Expr::columnRef(key));
      if (notDistinct) {
         predicate->op = uint8_t(CompareOp::IsNotDistinct);
         predicate->nullable = false;
      }
   }
}

}  // namespace

void SelectBinder::decorrelateGroups(std::vector<Computation>& keys) {
   correlateThroughDomains();
   groupByCorrelation(correlated_, keys, ius_, [&](const Expr& e) { return !isCorrelated(e); });
}

namespace {

/// count() of no rows is 0: where an outer row has no group, the outer join leaves it NULL.
ExprPtr zeroWithoutGroup(ExprPtr e, const std::vector<const IU*>& counts) {
   if (e->kind == ExprKind::ColumnRef && std::find(counts.begin(), counts.end(), e->iu) != counts.end()) {
      auto count = Expr::caseWhen(isNotNull(e->iu), Expr::columnRef(e->iu), Expr::constantOf(Value::ofInteger(e->type, 0)));
      count->nullable = false;
      return count;
   }
   for (auto& child : e->children) child = zeroWithoutGroup(std::move(child), counts);
   return e;
}

}  // namespace

SelectBinder::Bound SelectBinder::bindAggregateRow(ExprPtr having, const std::vector<const IU*>& counts, bool emptied) {
   auto row = std::make_unique<AggregateRow>();
   for (const IU* count : counts) const_cast<IU*>(count)->nullable = true;
   for (auto& target : targets_) {
      ExprPtr value = zeroWithoutGroup(std::move(target.bound), counts);
      if (value->type.id == TypeId::Unknown) value = ExpressionBinder::coerce(std::move(value), SqlType::text());
      row->values.push_back(std::move(value));
      result_.names.push_back(target.name);
   }
   if (emptied) row->present = Expr::constantOf(Value::ofBool(false));
   else if (having) row->present = truthTest(zeroWithoutGroup(std::move(having), counts), true, false);
   row->joins = std::move(lateJoins_);
   result_.root = std::move(root_);
   result_.correlated = std::move(correlated_);
   result_.row = std::move(row);
   return std::move(result_);
}

void SelectBinder::joinAggregateRow(Bound& sub, std::vector<PendingJoin>& joins) {
   for (const IU* iu : producedIUs(*sub.root)) const_cast<IU*>(iu)->nullable = true;
   auto join = std::make_unique<Join>(JoinKind::LeftOuter);
   join->condition = Expr::conjunction(std::move(sub.correlated));
   join->children.push_back(std::move(sub.root));
   joins.push_back({std::move(join)});
   for (auto& pending : sub.row->joins) joins.push_back(std::move(pending));
}

namespace {

/// The operator of x op ANY/ALL (subquery); IN is = ANY.
std::string operatorName(const PgQuery__SubLink& link) { return link.n_oper_name ? link.oper_name[link.n_oper_name - 1]->string->sval : "="; }

CompareOp quantifiedComparison(const PgQuery__SubLink& link) {
   static const std::pair<const char*, CompareOp> comparisons[] = {{"=", CompareOp::Eq},  {"<>", CompareOp::Ne}, {"<", CompareOp::Lt},
                                                                   {"<=", CompareOp::Le}, {">", CompareOp::Gt},  {">=", CompareOp::Ge}};
   std::string op = operatorName(link);
   for (auto& [name, cmp] : comparisons)
      if (op == name) return cmp;
   throw Error("42883", "operator does not exist for ANY/ALL: " + op, link.location + 1);
}

}  // namespace

bool SelectBinder::bindSubqueryConjunct(const PgQuery__Node& conjunct) {
   const PgQuery__Node* node = &conjunct;
   bool negated = false;
   if (node->node_case == PG_QUERY__NODE__NODE_BOOL_EXPR && node->bool_expr->boolop == PG_QUERY__BOOL_EXPR_TYPE__NOT_EXPR && node->bool_expr->n_args == 1) {
      node = node->bool_expr->args[0];
      negated = true;
   }
   if (node->node_case != PG_QUERY__NODE__NODE_SUB_LINK) return false;
   const PgQuery__SubLink& link = *node->sub_link;
   bool any = link.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ANY_SUBLINK, all = link.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ALL_SUBLINK;
   if (link.sub_link_type != PG_QUERY__SUB_LINK_TYPE__EXISTS_SUBLINK && !any && !all) return false;
   std::string op = operatorName(link);
   int position = link.location + 1;
   CompareOp compareOp = any || all ? quantifiedComparison(link) : CompareOp::Eq;
   if (all && compareOp == CompareOp::Ne) {
      // x <> ALL (S) is NOT (x = ANY (S)), which an anti join answers on hashed equalities.
      all = false, any = true, negated = !negated;
      op = "=", compareOp = CompareOp::Eq;
   }

   Bound sub = bindSubquery(*link.subselect, any || all ? SubqueryUse::Rows : SubqueryUse::Existence);
   std::vector<PendingJoin> joins;
   if (sub.row) joinAggregateRow(sub, joins);
   ExprPtr comparison;
   size_t width = 0;  // of the compared value or row
   bool leftReadsColumns = false;  // x reads the outer query's tuples (it is not a constant)
   if (any || all) {
      std::vector<ExprPtr> left = clauseBinder(clauses::where, &joins).bindRow(*link.testexpr);
      width = left.size();
      std::vector<const IU*> read;
      for (const ExprPtr& value : left) value->collectIUs(read);
      leftReadsColumns = !read.empty();
      requireSubqueryColumns(sub.row ? sub.row->values.size() : sub.columns.size(), width, position);
      std::vector<ExprPtr> right;
      for (size_t c = 0; c < width; ++c)
         right.push_back(sub.row ? std::move(sub.row->values[c]) : sub.columns[c] ? Expr::columnRef(sub.columns[c]) : std::move(sub.deferred[c]));
      comparison = ExpressionBinder::compareRows(op, std::move(left), std::move(right), position);
   }
   attach(joins);
   if (sub.row) {
      // One row or none per outer row: EXISTS tells whether it is there; x op ANY/ALL compares x
      // with its value where it is, and is FALSE (ANY) or TRUE (ALL) where it is not.
      ExprPtr test = sub.row->present ? std::move(sub.row->present) : Expr::constantOf(Value::ofBool(true));
      if (comparison) test = Expr::caseWhen(std::move(test), std::move(comparison), Expr::constantOf(Value::ofBool(all)));
      auto filter = std::make_unique<Filter>();
      filter->condition = negated ? negation(std::move(test)) : std::move(test);
      push(std::move(filter));
      return true;
   }
   std::vector<ExprPtr> conditions = std::move(sub.correlated);
   JoinKind kind = negated ? JoinKind::Anti : JoinKind::Semi;
   if (comparison) {
      // x op ANY (S): some y with x op y TRUE. x op ALL (S): no y with x op y not TRUE. Negated:
      // NOT (x op ANY S): no y with x op y not FALSE; NOT (x op ALL S): some y with x op y not
      // TRUE. Uncorrelated NOT IN of one value has a NULL-aware join of its own, which hashes x
      // and y; its NULL checks look at the whole subquery, so a correlated one (each outer row
      // has its own S) and one of a row take the general form, hashed on the correlation, and so
      // does a constant x (x = y reads the right side only, a filter there that keeps y IS NULL).
      if (any && !negated) {
         conditions.push_back(std::move(comparison));
      } else if (any && compareOp == CompareOp::Eq && width == 1 && conditions.empty() && sub.deferred.empty() && leftReadsColumns) {
         conditions.push_back(std::move(comparison));
         kind = JoinKind::NullAwareAnti;
      } else if (any) {
         // A row's = is not FALSE where none of its pairs is; a pair of values that cannot be NULL
         // is not FALSE where it is TRUE: an equality the join hashes.
         for (ExprPtr& part : Expr::conjuncts(std::move(comparison)))
            conditions.push_back(part->nullable ? truthTest(negation(std::move(part)), false, true) : std::move(part));
      } else {
         conditions.push_back(truthTest(std::move(comparison), false, true));
         kind = negated ? JoinKind::Semi : JoinKind::Anti;
      }
   }
   auto join = std::make_unique<Join>(kind);
   join->condition = Expr::conjunction(std::move(conditions));
   join->children.push_back(std::move(root_));
   join->children.push_back(std::move(sub.root));
   root_ = std::move(join);
   return true;
}

std::vector<ExprPtr> SelectBinder::bindScalarSubquery(const PgQuery__SubLink& link, std::vector<PendingJoin>& joins) {
   int position = link.location + 1;
   Bound sub = bindSubquery(*link.subselect, SubqueryUse::Value);
   auto computed = std::make_unique<Map>();  // values computed above the joins
   std::vector<const IU*> values;
   auto compute = [&](ExprPtr v) {
      if (v->kind == ExprKind::ColumnRef) {
         values.push_back(v->iu);
         return;
      }
      values.push_back(ius_.make(v->type, v->nullable, "subquery"));
      computed->computations.push_back({values.back(), std::move(v)});
   };
   if (sub.row) {
      // Its values are computed above the outer join with its aggregate: NULL where the row is not there.
      joinAggregateRow(sub, joins);
      for (ExprPtr& v : sub.row->values) compute(sub.row->present ? Expr::caseWhen(sub.row->present->clone(), std::move(v), nullptr) : std::move(v));
   } else {
      // Uncorrelated: one row, whatever the subquery yields: NULLs for none, error 21000 for
      // several. Correlated: at most one row per outer row: grouped by the correlation keys, one
      // value per group (error 21000 when a group has several rows; a subquery with GROUP BY may
      // have several), NULL where an outer row has no group.
      std::vector<const IU*> inner = producedIUs(*sub.root);
      auto single = std::make_unique<Aggregate>();
      if (!sub.correlated.empty()) groupByCorrelation(sub.correlated, single->keys, ius_, readsOnly(inner));
      // A value that reads this query's values is computed above the join from the single row's
      // values it reads, with a marker telling where there is a row.
      const IU* present = nullptr;
      if (std::any_of(sub.deferred.begin(), sub.deferred.end(), [](auto& v) { return v != nullptr; })) {
         auto marked = std::make_unique<Map>();
         const IU* marker = ius_.make(SqlType::boolean(), false, "subquery row");
         marked->computations.push_back({marker, Expr::constantOf(Value::ofBool(true))});
         marked->children.push_back(std::move(sub.root));
         sub.root = std::move(marked);
         present = ius_.make(SqlType::boolean(), true, "subquery row");
         single->aggregates.push_back({AggregateFunction::SingleValue, Expr::columnRef(marker), present});
      }
      std::vector<std::pair<const IU*, const IU*>> singles;  // a subquery value a deferred one reads, its single value
      std::function<void(Expr&)> reread = [&](Expr& e) {
         if (e.kind == ExprKind::ColumnRef && std::find(inner.begin(), inner.end(), e.iu) != inner.end()) {
            auto known = std::find_if(singles.begin(), singles.end(), [&](auto& p) { return p.first == e.iu; });
            if (known == singles.end()) {
               const IU* out = ius_.make(e.iu->type, true, e.iu->name);
               single->aggregates.push_back({AggregateFunction::SingleValue, Expr::columnRef(e.iu), out});
               known = singles.emplace(singles.end(), e.iu, out);
            }
            e.iu = known->second, e.nullable = true;
         }
         for (auto& child : e.children) reread(*child);
      };
      for (size_t c = 0; c < sub.columns.size(); ++c) {
         if (sub.columns[c]) {
            values.push_back(ius_.make(sub.columns[c]->type, true, "subquery"));
            single->aggregates.push_back({AggregateFunction::SingleValue, Expr::columnRef(sub.columns[c]), values.back()});
            continue;
         }
         ExprPtr deferred = std::move(sub.deferred[c]);
         reread(*deferred);
         compute(Expr::caseWhen(isNotNull(present), std::move(deferred), nullptr));
      }
      single->children.push_back(std::move(sub.root));
      auto join = std::make_unique<Join>(sub.correlated.empty() ? JoinKind::Inner : JoinKind::LeftOuter);
      if (sub.correlated.empty()) join->estimatedRows = 0;
      join->condition = Expr::conjunction(std::move(sub.correlated));
      join->children.push_back(std::move(single));
      joins.push_back({std::move(join)});
   }
   if (!computed->computations.empty()) joins.push_back({std::move(computed)});
   std::vector<ExprPtr> row;
   for (const IU* value : values) {
      lateValues_.insert(value);
      row.push_back(Expr::columnRef(value));
      row.back()->position = position;
   }
   return row;
}

ExprPtr SelectBinder::bindArraySubquery(const PgQuery__SubLink& link, std::vector<PendingJoin>& joins) {
   int position = link.location + 1;
   Bound sub = bindSubquery(*link.subselect, SubqueryUse::Value);
   const PgQuery__SelectStmt& select = *link.subselect->select_stmt;
   bool limited = select.limit_count || select.limit_offset;
   if (sub.row || (!sub.correlated.empty() && limited) || std::any_of(sub.deferred.begin(), sub.deferred.end(), [](auto& v) { return v != nullptr; }))
      throw Error("0A000", "this ARRAY(subquery) that reads the enclosing query's values is not supported yet", position);
   if (sub.columns.size() != 1) throw Error("42601", "subquery must return only one column", position);
   ExprPtr value = Expr::columnRef(sub.columns[0]);
   if (value->type.id == TypeId::Unknown) value = ExpressionBinder::coerce(std::move(value), SqlType::text());
   if (value->type.isArray()) throw Error("0A000", "ARRAY(subquery) of arrays (several dimensions) is not supported yet", position);
   SqlType type = SqlType::array(value->type);
   // array_agg of the rows, which the aggregation meets in the subquery's order.
   AggregateCall call{AggregateFunction::StringAgg, std::move(value), ius_.make(SqlType::text(), true, "array")};
   ExpressionBinder::collectIntoArrayText(call, position);
   const IU* texts = call.output;
   // Correlated: one array per outer row, its group of the subquery's rows (grouped by the
   // correlation keys, met in the subquery's order); none where the outer row has no group.
   auto all = std::make_unique<Aggregate>();
   std::vector<const IU*> inner = producedIUs(*sub.root);
   bool correlated = !sub.correlated.empty();
   if (correlated) groupByCorrelation(sub.correlated, all->keys, ius_, readsOnly(inner));
   all->aggregates.push_back(std::move(call));
   all->children.push_back(std::move(sub.root));
   auto join = std::make_unique<Join>(correlated ? JoinKind::LeftOuter : JoinKind::Inner);
   if (!correlated) join->estimatedRows = 0;
   join->condition = Expr::conjunction(std::move(sub.correlated));
   join->children.push_back(std::move(all));
   joins.push_back({std::move(join)});
   lateValues_.insert(texts);
   // No rows: an empty array (array_agg's NULL).
   ExprPtr array = ExpressionBinder::arrayOfElementTexts(texts, type, position);
   auto isNull = std::make_unique<Expr>(ExprKind::IsNull, SqlType::boolean());
   isNull->children.push_back(Expr::columnRef(texts));
   auto e = std::make_unique<Expr>(ExprKind::Case, type);
   e->nullable = false;
   e->hasElse = true;
   e->position = position;
   e->children.push_back(std::move(isNull));
   e->children.push_back(Expr::constantOf(Value::ofString(type, "{}")));
   e->children.push_back(std::move(array));
   return e;
}

ExprPtr SelectBinder::bindExistsValue(const PgQuery__SubLink& link, std::vector<PendingJoin>& joins) {
   // Whether an outer row has rows: its group of the subquery's rows (grouped as a scalar
   // subquery's) is there; uncorrelated, the count of all rows is above 0.
   Bound sub = bindSubquery(*link.subselect, SubqueryUse::Value);
   ExprPtr exists;
   if (sub.row) {
      // An aggregate without GROUP BY has its one row unless HAVING, LIMIT 0 or OFFSET drop it.
      if (!sub.row->present) return Expr::constantOf(Value::ofBool(true));
      joinAggregateRow(sub, joins);
      exists = std::move(sub.row->present);
   } else {
      std::vector<const IU*> inner = producedIUs(*sub.root);
      bool correlated = !sub.correlated.empty();
      auto counted = std::make_unique<Aggregate>();
      if (correlated) groupByCorrelation(sub.correlated, counted->keys, ius_, readsOnly(inner));
      const IU* rows = ius_.make(SqlType::bigInt(), correlated, "rows");
      counted->aggregates.push_back({AggregateFunction::CountStar, nullptr, rows});
      counted->children.push_back(std::move(sub.root));
      auto join = std::make_unique<Join>(correlated ? JoinKind::LeftOuter : JoinKind::Inner);
      join->condition = Expr::conjunction(std::move(sub.correlated));
      join->children.push_back(std::move(counted));
      joins.push_back({std::move(join)});
      if (correlated) {
         exists = isNotNull(rows);
      } else {
         exists = Expr::equality(Expr::columnRef(rows), Expr::constantOf(Value::ofInteger(SqlType::bigInt(), 0)));
         exists->op = uint8_t(CompareOp::Gt);
      }
   }
   auto map = std::make_unique<Map>();
   const IU* value = ius_.make(SqlType::boolean(), false, "exists");
   map->computations.push_back({value, std::move(exists)});
   joins.push_back({std::move(map)});
   lateValues_.insert(value);
   auto e = Expr::columnRef(value);
   e->position = link.location + 1;
   return e;
}

void SelectBinder::compareOutput() {
   requireSubqueryColumns(result_.columns.size(), compared_->left.size(), compared_->position);
   if (std::find(result_.columns.begin(), result_.columns.end(), nullptr) != result_.columns.end())
      throw Error("0A000", "ANY/ALL in an expression over a subquery whose output reads the enclosing query is not supported yet", compared_->position);
   // x reads the enclosing query's values: the subquery reads a value of its own equal to each
   // (its side of a correlation inner = outer, also a grouping key), else it is computed for each
   // value of its domain.
   auto isProduced = [&](const IU* iu) {
      std::vector<const IU*> produced = producedIUs(*root_);
      return std::find(produced.begin(), produced.end(), iu) != produced.end();
   };
   auto correlatedHere = [&](const IU* outer) -> const IU* {
      for (auto& c : correlated_) {
         if (c->kind != ExprKind::Comparison || (c->compareOp() != CompareOp::Eq && c->compareOp() != CompareOp::IsNotDistinct)) continue;
         for (size_t side = 0; side < 2; ++side) {
            const Expr& a = *c->children[side];
            const Expr& b = *c->children[1 - side];
            if (a.kind == ExprKind::ColumnRef && a.iu == outer && b.kind == ExprKind::ColumnRef && isProduced(b.iu)) return b.iu;
         }
      }
      return nullptr;
   };
   // The others get their domains, those of one operator's values together.
   std::vector<const IU*> outers;
   for (ExprPtr& left : compared_->left) {
      std::vector<const IU*> used;
      left->collectIUs(used);
      for (const IU* iu : used)
         if (scope_.isOuter(iu) && !correlatedHere(iu)) outers.push_back(iu);
   }
   addDomains(outers);
   auto equalHere = [&](const IU* outer) -> const IU* {
      if (const IU* inner = correlatedHere(outer)) return inner;
      if (!scope_.isOuter(outer)) return nullptr;  // an aggregate's output
      const IU* domain = domainOf(outer);  // below this query's grouping it is not there any more
      return domain && isProduced(domain) ? domain : nullptr;
   };
   std::vector<ExprPtr> right;
   for (ExprPtr& left : compared_->left) {
      std::vector<const IU*> used;
      left->collectIUs(used);
      for (const IU* iu : used) {
         const IU* value = equalHere(iu);
         if (!value)
            throw Error("0A000", "ANY/ALL in an expression whose left side reads an aggregate, a subquery or a window is not supported yet",
                        compared_->position);
         replaceIU(*left, iu, value);
      }
      right.push_back(Expr::columnRef(result_.columns[right.size()]));
   }
   ExprPtr comparison = ExpressionBinder::compareRows(compared_->name, std::move(compared_->left), std::move(right), compared_->position);
   auto map = std::make_unique<Map>();
   const IU* compared = ius_.make(SqlType::boolean(), comparison->nullable, "comparison");
   map->computations.push_back({compared, std::move(comparison)});
   push(std::move(map));
   result_.columns = {compared};
   result_.names.resize(1);
}

ExprPtr SelectBinder::bindQuantifiedValue(const PgQuery__SubLink& link, std::vector<ExprPtr> left, std::vector<PendingJoin>& joins) {
   // x op ANY (S) is TRUE if some comparison is TRUE, else NULL if one is NULL, else FALSE (also
   // for no rows); ALL the same with TRUE and FALSE swapped. The subquery yields x op y, counted
   // per outer row: its rows of one outer row are a group (grouped as a scalar subquery's).
   bool all = link.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ALL_SUBLINK;
   int position = link.location + 1;
   quantifiedComparison(link);  // 42883 for an operator that does not compare
   auto compared = std::make_unique<OutputComparison>(OutputComparison{std::move(left), operatorName(link), position});
   Bound sub = bindSubquery(*link.subselect, SubqueryUse::Value, std::move(compared));
   if (sub.row) throw Error("0A000", "ANY/ALL in an expression over a correlated aggregate without GROUP BY is not supported yet", position);
   const IU* comparison = sub.columns[0];
   std::vector<const IU*> inner = producedIUs(*sub.root);
   bool correlated = !sub.correlated.empty();
   auto counted = std::make_unique<Aggregate>();
   if (correlated) groupByCorrelation(sub.correlated, counted->keys, ius_, readsOnly(inner));
   auto countWhere = [&](ExprPtr condition, const char* name) {
      const IU* count = ius_.make(SqlType::bigInt(), correlated, name);
      ExprPtr one = Expr::caseWhen(std::move(condition), Expr::constantOf(Value::ofInteger(SqlType::integer(), 1)), nullptr);
      counted->aggregates.push_back({AggregateFunction::Count, std::move(one), count});
      return count;
   };
   ExprPtr decisiveTest = Expr::columnRef(comparison);
   if (all) decisiveTest = negation(std::move(decisiveTest));
   auto unknownTest = std::make_unique<Expr>(ExprKind::IsNull, SqlType::boolean());
   unknownTest->nullable = false;
   unknownTest->children.push_back(Expr::columnRef(comparison));
   const IU* decisive = countWhere(std::move(decisiveTest), all ? "false" : "true");
   const IU* unknown = countWhere(std::move(unknownTest), "null");
   counted->children.push_back(std::move(sub.root));
   auto join = std::make_unique<Join>(correlated ? JoinKind::LeftOuter : JoinKind::Inner);
   join->condition = Expr::conjunction(std::move(sub.correlated));
   join->children.push_back(std::move(counted));
   joins.push_back({std::move(join)});
   // count > 0; no group (the outer join's NULL) has no rows
   auto some = [&](const IU* count) {
      auto above = Expr::equality(Expr::columnRef(count), Expr::constantOf(Value::ofInteger(SqlType::bigInt(), 0)));
      above->op = uint8_t(CompareOp::Gt);
      return correlated ? truthTest(std::move(above), true, false) : std::move(above);
   };
   auto value = std::make_unique<Expr>(ExprKind::Case, SqlType::boolean());
   value->hasElse = true;
   value->children.push_back(some(decisive));
   value->children.push_back(Expr::constantOf(Value::ofBool(!all)));
   value->children.push_back(some(unknown));
   value->children.push_back(Expr::constantOf(Value::null(SqlType::boolean())));
   value->children.push_back(Expr::constantOf(Value::ofBool(all)));
   auto map = std::make_unique<Map>();
   const IU* result = ius_.make(SqlType::boolean(), true, all ? "all" : "any");
   map->computations.push_back({result, std::move(value)});
   joins.push_back({std::move(map)});
   lateValues_.insert(result);
   auto e = Expr::columnRef(result);
   e->position = position;
   return e;
}

const PgQuery__RangeSubselect* SelectBinder::lateralSubquery(const PgQuery__Node& item) {
   return item.node_case == PG_QUERY__NODE__NODE_RANGE_SUBSELECT && item.range_subselect->lateral ? item.range_subselect : nullptr;
}

void SelectBinder::bindLateral(const PgQuery__RangeSubselect& derived, std::unique_ptr<Operator>& left, size_t leftStart, JoinKind kind,
                               const PgQuery__Node* on) {
   // A LATERAL subquery reads the left side's columns as a correlated subquery reads its
   // enclosing query's: the dependent join becomes a join on those values, like a subquery's.
   if (!derived.alias) throw Error("42601", "subquery in FROM must have an alias");
   Bound sub = bindSubquery(*derived.subquery);
   std::vector<const IU*> read;
   for (auto& condition : sub.correlated) condition->collectIUs(read);
   for (auto& value : sub.deferred)
      if (value) value->collectIUs(read);
   if (sub.row)
      for (auto& value : sub.row->values) value->collectIUs(read);
   for (size_t c = 0; c < leftStart; ++c)
      if (std::find(read.begin(), read.end(), scope_.columns()[c].iu) != read.end())
         throw Error("0A000", "a LATERAL subquery in a JOIN that reads FROM items outside the JOIN is not supported yet");
   bool outerJoin = kind == JoinKind::LeftOuter;
   std::vector<PendingJoin> joins;
   auto computed = std::make_unique<Map>();  // outputs that read the left side, computed above the join
   auto compute = [&](ExprPtr value, const std::string& name) {
      if (value->kind == ExprKind::ColumnRef) return value->iu;
      const IU* iu = ius_.make(value->type, value->nullable, name);
      computed->computations.push_back({iu, std::move(value)});
      return iu;
   };
   std::vector<const IU*> columns;
   ExprPtr present;  // whether the subquery's row is there, for an aggregate without GROUP BY
   if (sub.row) {
      joinAggregateRow(sub, joins);
      present = std::move(sub.row->present);
      for (size_t c = 0; c < sub.row->values.size(); ++c) {
         ExprPtr value = std::move(sub.row->values[c]);
         if (present && outerJoin) value = Expr::caseWhen(present->clone(), std::move(value), nullptr);
         columns.push_back(compute(std::move(value), sub.names[c]));
      }
   } else {
      const IU* marker = nullptr;
      if (outerJoin && !sub.deferred.empty()) {
         // Where a left row has no match, the outputs computed above the join are NULL too.
         auto marked = std::make_unique<Map>();
         marker = ius_.make(SqlType::boolean(), false, "lateral row");
         marked->computations.push_back({marker, Expr::constantOf(Value::ofBool(true))});
         marked->children.push_back(std::move(sub.root));
         sub.root = std::move(marked);
      }
      if (outerJoin)
         for (const IU* iu : producedIUs(*sub.root)) const_cast<IU*>(iu)->nullable = true;
      for (size_t c = 0; c < sub.columns.size(); ++c) {
         if (sub.columns[c]) {
            columns.push_back(sub.columns[c]);
            continue;
         }
         ExprPtr value = std::move(sub.deferred[c]);
         if (marker) value = Expr::caseWhen(isNotNull(marker), std::move(value), nullptr);
         columns.push_back(compute(std::move(value), sub.names[c]));
      }
      auto join = std::make_unique<Join>(kind);
      join->condition = Expr::conjunction(std::move(sub.correlated));
      join->children.push_back(std::move(sub.root));
      joins.push_back({std::move(join)});
   }
   addToScope(derived.alias->aliasname, derived.alias, columns, sub.names, 0);

   ExprPtr condition;
   if (on) {
      condition = clauseBinder(clauses::joinCondition).bindCondition(*on, "JOIN/ON");
      if (isTrue(*condition)) condition = nullptr;
   }
   auto& join = static_cast<Join&>(*joins[0].op);
   if (outerJoin && condition) {
      // ON belongs to the outer join; it cannot read what is computed above it.
      std::vector<const IU*> used;
      condition->collectIUs(used);
      bool readsComputed = std::any_of(computed->computations.begin(), computed->computations.end(),
                                       [&](auto& c) { return std::find(used.begin(), used.end(), c.output) != used.end(); });
      if (sub.row || readsComputed) throw Error("0A000", "this LEFT JOIN LATERAL condition is not supported yet; write it in the subquery's WHERE");
      std::vector<ExprPtr> parts;
      if (join.condition) parts.push_back(std::move(join.condition));
      parts.push_back(std::move(condition));
      join.condition = Expr::conjunction(std::move(parts));
   }
   if (outerJoin && !join.condition) join.condition = Expr::constantOf(Value::ofBool(true));
   if (!left) {
      // The first FROM item: it can read no other.
      left = std::make_unique<Values>();
      static_cast<Values&>(*left).rows.emplace_back();
   }
   attach(left, joins);
   if (!computed->computations.empty()) {
      computed->children.push_back(std::move(left));
      left = std::move(computed);
   }
   std::vector<ExprPtr> filters;
   if (present && !outerJoin) filters.push_back(std::move(present));
   if (condition && !outerJoin) filters.push_back(std::move(condition));
   if (filters.empty()) return;
   auto filter = std::make_unique<Filter>();
   filter->condition = Expr::conjunction(std::move(filters));
   filter->children.push_back(std::move(left));
   left = std::move(filter);
}

}  // namespace kiln
