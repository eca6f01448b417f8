// A sequence (CREATE SEQUENCE): a counter that nextval() advances by its increment between its
// bounds. As in PostgreSQL, advancing it is not transactional: a value once handed out is not
// handed out again, even when the transaction that took it rolls back. On disk, its state is
// logged with the commit, or at the rollback; only a crash inside the transaction that took a
// value can hand it out again (PostgreSQL logs 32 values ahead instead).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

#include "kiln/kiln.h"

namespace kiln {

class BinaryReader;
class BinaryWriter;
class Catalog;

struct Sequence {
   std::string name;
   TypeId type = TypeId::BigInt;  // SMALLINT, INTEGER or BIGINT: the bounds' defaults
   int64_t increment = 1;
   int64_t minValue = 1;
   int64_t maxValue = INT64_MAX;
   int64_t start = 1;
   bool cycle = false;
   int64_t lastValue = 1;  // the last value handed out, or `start` before the first
   bool isCalled = false;  // whether nextval has handed out lastValue
   /// Set when lastValue changes, cleared when the log has recorded it (a database on disk).
   bool unlogged = false;
   /// Names this sequence for currval() across DROP and CREATE of one name.
   uint64_t id = 0;

   /// nextval(): the next value; 2200H past a bound without CYCLE.
   int64_t next();
   /// setval(value, isCalled); 22003 outside the bounds.
   void set(int64_t value, bool called);

   void write(BinaryWriter& out) const;
   static Sequence read(BinaryReader& in);
};

/// What currval() and lastval() read: the values nextval() and setval() gave this session. A
/// connection keeps one; while its statement runs, that one is current on the thread.
struct SequenceSession {
   std::unordered_map<uint64_t, int64_t> values;  // by Sequence::id
   bool hasLast = false;
   int64_t last = 0;
   uint64_t lastId = 0;                  // the sequence `last` came from
   const Catalog* catalog = nullptr;    // where it must still be for lastval()

   static SequenceSession& current();
   class Scope {
      public:
      explicit Scope(SequenceSession& session) : previous_(current_) { current_ = &session; }
      ~Scope() { current_ = previous_; }
      Scope(const Scope&) = delete;
      Scope& operator=(const Scope&) = delete;

      private:
      SequenceSession* previous_;
   };

   private:
   static inline thread_local SequenceSession* current_ = nullptr;
};

}  // namespace kiln
