// An IU ("information unit") is one attribute flowing through a plan: produced once by an
// operator, referenced by identity in expressions above it, and kept in a register by codegen.
#pragma once

#include <deque>
#include <string>

#include "kiln/kiln.h"

namespace kiln {

struct IU {
   SqlType type;
   bool nullable = true;
   std::string name;  // for EXPLAIN
};

/// Owns the IUs of one plan, and the types of its parameters ($1, $2, ...); addresses are stable.
class IUSet {
   public:
   IU* make(SqlType type, bool nullable, std::string name) { return &ius_.emplace_back(IU{type, nullable, std::move(name)}); }

   /// The type of parameter $number (1-based); unknown until the context decides it.
   SqlType& parameter(size_t number) {
      while (parameters_.size() < number) parameters_.push_back(SqlType::unknown());
      return parameters_[number - 1];
   }
   size_t parameterCount() const { return parameters_.size(); }

   private:
   std::deque<IU> ius_;
   std::deque<SqlType> parameters_;
};

}  // namespace kiln
