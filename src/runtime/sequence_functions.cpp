// nextval, currval, lastval and setval, as PostgreSQL's: the session remembers what nextval and
// setval gave it, per sequence, for currval and lastval.
#include "runtime/helpers.h"
#include "storage/catalog.h"

using namespace kiln;

int64_t kiln_sequence_next(Sequence* sequence) {
   int64_t value = sequence->next();
   SequenceSession& session = SequenceSession::current();
   session.values[sequence->id] = value;
   session.hasLast = true;
   session.last = value;
   session.lastId = sequence->id;
   return value;
}

int64_t kiln_sequence_current(const Sequence* sequence) {
   const SequenceSession& session = SequenceSession::current();
   auto it = session.values.find(sequence->id);
   if (it == session.values.end()) throw Error("55000", "currval of sequence \"" + sequence->name + "\" is not yet defined in this session");
   return it->second;
}

int64_t kiln_sequence_last() {
   const SequenceSession& session = SequenceSession::current();
   bool gone = session.catalog && !session.catalog->hasSequenceId(session.lastId);
   if (!session.hasLast || gone) throw Error("55000", "lastval is not yet defined in this session");
   return session.last;
}

int64_t kiln_sequence_set(Sequence* sequence, int64_t value, bool isCalled) {
   sequence->set(value, isCalled);
   // A value set as called is the session's current one (not its last: that is nextval's).
   if (isCalled) SequenceSession::current().values[sequence->id] = value;
   return value;
}
