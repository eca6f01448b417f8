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

/// Owns the IUs of one plan; addresses are stable.
class IUSet {
   public:
   IU* make(SqlType type, bool nullable, std::string name) { return &ius_.emplace_back(IU{type, nullable, std::move(name)}); }

   private:
   std::deque<IU> ius_;
};

}  // namespace kiln
