#include "engine/plan_cache.h"

#include <algorithm>

#include "engine/database_impl.h"
#include "optimizer/literal_parameters.h"
#include "optimizer/optimizer.h"
#include "optimizer/plan_work.h"
#include "parser/constant_folding.h"
#include "parser/pg_parser.h"

namespace kiln {

namespace {

/// Plans kept for one key: texts whose literals decide differently (LIMIT 10 and LIMIT 20).
constexpr size_t plansPerKey = 8;

/// The estimated rows of work below which a plan's literals become parameters. Code made for
/// constants runs faster (folded arithmetic, a constant prefilter), which a plan that reads
/// many rows repays: such a plan serves the same literals only, its text repeated.
constexpr double parameterizedBelowWork = 100000;

/// The memory a plan holds besides its text: its machine code, the pages it is in, its plan.
size_t planBytes(const CachedPlan& plan) { return 16384 + 4 * plan.prepared.text.size() + plan.prepared.compiled.codeBytes; }

/// The value the plan's conversion `node` makes of `from`'s value, as binding made it; nullopt
/// where the new value does not convert.
std::optional<Value> convert(const LiteralSlots::Node& node, const Value& from) {
   try {
      switch (node.step) {
         case LiteralSlots::Step::Literal: return from;
         case LiteralSlots::Step::Coerce: return folding::convert(from, node.target, false);
         case LiteralSlots::Step::Cast: return folding::convert(from, node.target, true);
         case LiteralSlots::Step::ForComparison: return folding::dateForComparison(from, node.target);
      }
   } catch (const Error&) {
      // The statement bound anew reports it, where the text has it.
   }
   return std::nullopt;
}

}  // namespace

CachedPlan::CachedPlan(std::string planKey, const std::string& text, const StatementShape& textShape, size_t literalCount)
   : key(std::move(planKey)), prepared(text, {}), shape(textShape), slots(literalCount), literals(literalCount) {}

void CachedPlan::bind(DatabaseImpl& database) {
   // Each constant of the parse tree that is a literal of the text, with its value as read from the text.
   const std::string& text = prepared.text;
   visitMessages(reinterpret_cast<ProtobufCMessage*>(const_cast<PgQuery__Node*>(prepared.node)), [&](ProtobufCMessage& message) {
      if (message.descriptor != &pg_query__a__const__descriptor) return true;
      auto& constant = reinterpret_cast<const PgQuery__AConst&>(message);
      bool negated = false;
      int literal = constant.location >= 0 ? shape.literalAt(uint32_t(constant.location), negated) : -1;
      if (literal < 0 || constant.isnull) return true;
      Value natural = shape.literalValue(text, size_t(literal), negated);
      literals[size_t(literal)].negated = negated;
      literals[size_t(literal)].type = natural.type;
      slots.expect(&constant, literal, std::move(natural));
      return true;
   });
   LiteralSlots::Scope scope(&slots);
   prepared.bind(database);
   QueryPlan& plan = *planOf(*prepared.statement);
   optimize(plan);
   if (estimatedWork(*plan.root) >= parameterizedBelowWork)
      for (size_t node = 0; node < slots.nodes().size(); ++node) slots.pin(int(node));
   parameterNodes = liftLiterals(plan, slots);
   prepared.takeParameterTypes();
   guardOrder_.resize(slots.guards().size());
   for (size_t g = 0; g < guardOrder_.size(); ++g) guardOrder_[g] = g;
   std::stable_sort(guardOrder_.begin(), guardOrder_.end(), [&](size_t a, size_t b) { return slots.guards()[a].node < slots.guards()[b].node; });
   // A literal no constant came from (a type modifier, a position in ORDER BY) is pinned too.
   std::vector<bool> held(literals.size(), false);
   for (const LiteralSlots::Node& node : slots.nodes()) held[size_t(node.literal)] = true;
   for (size_t i = 0; i < literals.size(); ++i) {
      Literal& literal = literals[i];
      literal.pinned = slots.pinned(int(i)) || !held[i];
      if (literal.pinned) literal.text = text.substr(shape.literals[i].offset, shape.literals[i].length);
   }
}

bool CachedPlan::takeLiterals(std::string_view sql, const StatementShape& textShape) {
   const auto& nodes = slots.nodes();
   values_.resize(nodes.size());
   for (size_t i = 0; i < literals.size(); ++i) {
      const Literal& literal = literals[i];
      if (!literal.pinned) continue;
      const StatementShape::Literal& token = textShape.literals[i];
      if (sql.substr(token.offset, token.length) != literal.text) return false;
   }
   // A node's guards are checked before the nodes converted from it: a value that decides
   // otherwise (a number of another precision) may not convert as the plan's did.
   const auto& guards = slots.guards();
   size_t nextGuard = 0;
   for (size_t n = 0; n < nodes.size(); ++n) {
      const LiteralSlots::Node& node = nodes[n];
      const Literal& literal = literals[size_t(node.literal)];
      if (!literal.pinned) {
         if (node.from < 0) {
            values_[n] = textShape.literalValue(sql, size_t(node.literal), literal.negated);
            if (!(values_[n].type == literal.type)) return false;  // 2147483648 is a BIGINT, -2147483648 an INTEGER
         } else {
            std::optional<Value> converted = convert(node, values_[size_t(node.from)]);
            if (!converted) return false;
            values_[n] = std::move(*converted);
         }
      }
      for (; nextGuard < guardOrder_.size() && guards[guardOrder_[nextGuard]].node == int(n); ++nextGuard) {
         const LiteralSlots::Guard& guard = guards[guardOrder_[nextGuard]];
         if (!literal.pinned && guard.decide(values_[n]) != guard.decided) return false;
      }
   }
   size_t own = prepared.parameters.size() - parameterNodes.size();
   for (size_t p = 0; p < parameterNodes.size(); ++p) {
      const Value& value = values_[size_t(parameterNodes[p])];
      if (!(value.type == prepared.parameters.type(own + p))) return false;
      prepared.parameters.set(own + p, value);
   }
   return true;
}

int CachedPlan::positionIn(const StatementShape& textShape, int position) const {
   if (position <= 0) return position;
   uint32_t offset = uint32_t(position - 1);
   // The token it is in (the shapes are the same: they have the same tokens).
   size_t t = 0;
   while (t + 1 < shape.tokens.size() && shape.tokens[t + 1].offset <= offset) ++t;
   if (t >= textShape.tokens.size() || shape.tokens.empty()) return position;
   uint32_t within = std::min(offset - std::min(offset, shape.tokens[t].offset), textShape.tokens[t].length ? textShape.tokens[t].length - 1 : 0);
   return int(textShape.tokens[t].offset + within + 1);
}

std::optional<bool> PlanCache::lookup(const std::string& key) const {
   std::lock_guard lock(mutex_);
   auto it = plans_.find(key);
   if (it == plans_.end()) return std::nullopt;
   return it->second.front()->prepared.onlyReads;
}

CachedPlan* PlanCache::find(const std::string& key, std::string_view sql, const StatementShape& shape, const DatabaseImpl& database, bool use) {
   auto it = plans_.find(key);
   if (it == plans_.end()) return nullptr;
   std::vector<std::unique_ptr<CachedPlan>>& plans = it->second;
   for (size_t i = 0; i < plans.size();) {
      CachedPlan* plan = plans[i].get();
      if (!plan->prepared.bindingHolds(database)) {
         if (!use) {
            ++i;
            continue;
         }
         std::lock_guard lock(mutex_);
         drop(plan);
         if (plans_.find(key) == plans_.end()) return nullptr;  // it was the key's last
         continue;
      }
      if (plan->takeLiterals(sql, shape)) {
         if (!use) return plan;
         lru_.splice(lru_.begin(), lru_, plan->recency);
         ++plan->hits;
         ++hits_;
         return plan;
      }
      ++i;
   }
   return nullptr;
}

CachedPlan* PlanCache::add(std::unique_ptr<CachedPlan> plan, size_t limit) {
   std::lock_guard lock(mutex_);
   CachedPlan* added = plan.get();
   added->bytes = planBytes(*added);
   std::vector<std::unique_ptr<CachedPlan>>& plans = plans_[added->key];
   if (plans.size() >= plansPerKey) drop(plans.back().get());
   std::vector<std::unique_ptr<CachedPlan>>& same = plans_[added->key];
   same.insert(same.begin(), std::move(plan));
   lru_.push_front(added);
   added->recency = lru_.begin();
   bytes_ += added->bytes;
   while (bytes_ > limit && !lru_.empty() && lru_.back() != added) drop(lru_.back());
   return added;
}

void PlanCache::clear() {
   std::lock_guard lock(mutex_);
   plans_.clear();
   lru_.clear();
   bytes_ = 0;
}

void PlanCache::drop(CachedPlan* plan) {
   bytes_ -= plan->bytes;
   lru_.erase(plan->recency);
   auto it = plans_.find(plan->key);
   auto& plans = it->second;
   plans.erase(std::find_if(plans.begin(), plans.end(), [&](const std::unique_ptr<CachedPlan>& p) { return p.get() == plan; }));
   if (plans.empty()) plans_.erase(it);
}

}  // namespace kiln
