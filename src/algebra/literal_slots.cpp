#include "algebra/literal_slots.h"

#include "algebra/expression.h"

namespace kiln {

namespace {
thread_local LiteralSlots* currentSlots = nullptr;
}  // namespace

int LiteralSlots::bound(const void* aConst, const Value& bound) {
   auto it = expected_.find(aConst);
   if (it == expected_.end()) return -1;
   // The text as read for the cache must give what the parser gave, or the literal stays pinned.
   if (!sameValue(it->second.natural, bound)) {
      pinned_[size_t(it->second.literal)] = true;
      return -1;
   }
   nodes_.push_back({it->second.literal, -1, Step::Literal, bound.type});
   return int(nodes_.size() - 1);
}

int LiteralSlots::converted(int from, Step step, SqlType target) {
   nodes_.push_back({nodes_[size_t(from)].literal, from, step, target});
   return int(nodes_.size() - 1);
}

void LiteralSlots::guard(int node, Decision what, const Value& value, std::function<int64_t(const Value&)> decide) {
   for (const Guard& g : guards_)
      if (g.node == node && g.what == what) return;
   int64_t decided = decide(value);
   guards_.push_back({node, what, std::move(decide), decided});
}

void LiteralSlots::readFromTree(const void* aConst) {
   if (!currentSlots) return;
   auto it = currentSlots->expected_.find(aConst);
   if (it != currentSlots->expected_.end()) currentSlots->pinned_[size_t(it->second.literal)] = true;
}

LiteralSlots* LiteralSlots::current() { return currentSlots; }

LiteralSlots::Scope::Scope(LiteralSlots* slots) : outer_(currentSlots) { currentSlots = slots; }

LiteralSlots::Scope::~Scope() { currentSlots = outer_; }

void Expr::pinLiteral(int literal) {
   if (currentSlots) currentSlots->pin(literal);
}

void guardLiteral(const Expr& e, LiteralSlots::Decision what, std::function<int64_t(const Value&)> decide) {
   if (e.literal >= 0 && currentSlots) currentSlots->guard(e.literal, what, e.literalValue(), std::move(decide));
}

}  // namespace kiln
