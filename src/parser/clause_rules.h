// The rules of each clause an expression can stand in: which calls it may contain. An
// ExpressionBinder is made for one clause, with its rules, and refuses what they do not allow
// with an error that names the clause ("aggregate functions are not allowed in WHERE").
#pragma once

#include <cstdint>

#include "kiln/kiln.h"

namespace kiln {

/// What only some clauses may contain.
enum Allowed : uint8_t {
   Aggregates = 1 << 0,    // sum(x), count(*), ...
   Groupings = 1 << 1,     // GROUPING(a, b)
   Windows = 1 << 2,       // f(...) OVER (...)
   SetReturning = 1 << 3,  // generate_series and unnest outside FROM
   /// (SELECT ...), EXISTS, IN, ANY and ALL: the query's binder joins them (SelectBinder::clauseBinder);
   /// elsewhere they are 0A000.
   Subqueries = 1 << 4,
};

/// What an expression of one clause may contain, and how the clause's errors name it.
struct ClauseRules {
   const char* name;
   uint8_t allowed;   // Allowed bits
   /// The name a refused set-returning function's error gives the clause (also for one inside
   /// another's arguments), where it is not `name`.
   const char* setReturningRefusedIn = nullptr;

   bool allows(Allowed what) const { return allowed & what; }
   /// The error for a call of kind `what` (not Subqueries) where this clause refuses it: 42803 for
   /// aggregates and GROUPING(), 42P20 for window functions, 0A000 for set-returning functions.
   Error refusal(Allowed what, int position) const;
   void require(Allowed what, int position) const {
      if (!allows(what)) throw refusal(what, position);
   }
};

/// Every clause's rules. A comment says where PostgreSQL's errors name the clause otherwise or
/// it allows more.
namespace clauses {

// SELECT's clauses, in the order they are bound (select_binder.cpp).
inline constexpr ClauseRules where{"WHERE", Subqueries};
inline constexpr ClauseRules groupBy{"GROUP BY", 0};
// PostgreSQL allows a set-returning function in another's arguments.
inline constexpr ClauseRules selectList{"SELECT", Aggregates | Groupings | Windows | SetReturning | Subqueries, "this context"};
// PostgreSQL: set-returning functions are not allowed in HAVING.
inline constexpr ClauseRules having{"HAVING", Aggregates | Groupings | Subqueries, "this context"};
// PostgreSQL allows set-returning functions in ORDER BY and DISTINCT ON.
inline constexpr ClauseRules orderBy{"ORDER BY", Aggregates | Groupings | Windows | Subqueries, "this context"};
inline constexpr ClauseRules distinctOn{"DISTINCT ON", Aggregates | Groupings | Windows | Subqueries, "this context"};
// PostgreSQL: set-returning functions are not allowed in window definitions.
inline constexpr ClauseRules windowDefinition{"window definitions", Aggregates | Groupings | Subqueries, "this context"};
inline constexpr ClauseRules windowFrame{"this context", 0};      // PostgreSQL: window ROWS, window RANGE, window GROUPS
inline constexpr ClauseRules limit{"this context", 0};            // PostgreSQL: LIMIT, OFFSET
inline constexpr ClauseRules values{"this context", Subqueries};  // PostgreSQL: VALUES
inline constexpr ClauseRules joinCondition{"JOIN conditions", 0};
inline constexpr ClauseRules fromFunction{"functions in FROM", Subqueries};

// Other statements' clauses.
inline constexpr ClauseRules returning{"RETURNING", 0};
inline constexpr ClauseRules onConflictUpdate{"ON CONFLICT DO UPDATE", 0};  // PostgreSQL: UPDATE
inline constexpr ClauseRules checkConstraint{"check constraints", 0};
inline constexpr ClauseRules columnDefault{"DEFAULT expressions", 0};
/// An expression of none of these (SET's value, EXECUTE's parameters).
inline constexpr ClauseRules other{"this context", 0};

}  // namespace clauses

}  // namespace kiln
