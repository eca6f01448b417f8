#include "storage/sequence.h"

#include "storage/binary_io.h"

namespace kiln {

int64_t Sequence::next() {
   if (!isCalled) {
      isCalled = true;
      unlogged = true;
      return lastValue;
   }
   int64_t value;
   bool past = __builtin_add_overflow(lastValue, increment, &value) || value > maxValue || value < minValue;
   if (past) {
      if (!cycle) {
         bool up = increment > 0;
         throw Error("2200H", std::string("nextval: reached ") + (up ? "maximum" : "minimum") + " value of sequence \"" + name + "\" (" +
                                 std::to_string(up ? maxValue : minValue) + ")");
      }
      value = increment > 0 ? minValue : maxValue;
   }
   lastValue = value;
   unlogged = true;
   return value;
}

void Sequence::set(int64_t value, bool called) {
   if (value < minValue || value > maxValue)
      throw Error("22003", "setval: value " + std::to_string(value) + " is out of bounds for sequence \"" + name + "\" (" + std::to_string(minValue) + ".." +
                              std::to_string(maxValue) + ")");
   lastValue = value;
   isCalled = called;
   unlogged = true;
}

void Sequence::write(BinaryWriter& out) const {
   out.putString(name);
   out.put(uint8_t(type));
   out.put(increment);
   out.put(minValue);
   out.put(maxValue);
   out.put(start);
   out.put(uint8_t(cycle));
   out.put(lastValue);
   out.put(uint8_t(isCalled));
}

Sequence Sequence::read(BinaryReader& in) {
   Sequence s;
   s.name = in.getString();
   s.type = TypeId(in.get<uint8_t>());
   s.increment = in.get<int64_t>();
   s.minValue = in.get<int64_t>();
   s.maxValue = in.get<int64_t>();
   s.start = in.get<int64_t>();
   s.cycle = in.get<uint8_t>() != 0;
   s.lastValue = in.get<int64_t>();
   s.isCalled = in.get<uint8_t>() != 0;
   return s;
}

SequenceSession& SequenceSession::current() {
   // Outside a connection's statement (a unit test's plan), a session of the thread's own.
   static thread_local SequenceSession own;
   return current_ ? *current_ : own;
}

}  // namespace kiln
