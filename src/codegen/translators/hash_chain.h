// Walking the chain of a ChainedHashTable bucket in generated code.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include <llvm/IR/Intrinsics.h>

#include "algebra/expression.h"
#include "codegen/code_context.h"
#include "codegen/iu_values.h"
#include "codegen/loop.h"
#include "codegen/runtime_functions.h"
#include "codegen/sql_ops.h"
#include "codegen/translators/row_access.h"
#include "runtime/chained_hash_table.h"

namespace kiln {

/// The hash of a tuple of key values, as the hash tables' entries hold it.
inline llvm::Value* hashKeys(CodeContext& cx, const std::vector<SqlValue>& keys) {
   SqlOps ops(cx);
   llvm::Value* hash = cx.int64(0x2545F4914F6CDD1DLL);
   for (auto& key : keys) hash = ops.hash(key, hash);
   return hash;
}

/// For each entry in `hash`'s chain whose hash equals and for which `keysEqual(entry)` holds, calls
/// `onMatch(entry)`; with `firstOnly` the walk ends at the first match. Returns an i1 that is true
/// when some entry matched.
inline llvm::Value* walkHashChain(CodeContext& cx, llvm::Value* table, llvm::Value* hash, const std::function<llvm::Value*(llvm::Value*)>& keysEqual,
                                  const std::function<void(llvm::Value*)>& onMatch, bool firstOnly) {
   auto& b = cx.builder();
   llvm::Value* matched = cx.entryAlloca(cx.i1(), "matched");
   b.CreateStore(cx.boolean(false), matched);
   // Matches, counted so that a key repeated millions of times lets a cancel in (every 4096th).
   llvm::Value* matches = firstOnly ? nullptr : cx.entryAlloca(cx.i64(), "matches");
   if (matches) b.CreateStore(cx.int64(0), matches);
   llvm::Value* directory = b.CreateLoad(cx.ptr(), b.CreateConstGEP1_64(cx.i8(), table, ChainedHashTable::directoryOffset));
   llvm::Value* mask = b.CreateLoad(cx.i64(), b.CreateConstGEP1_64(cx.i8(), table, ChainedHashTable::maskOffset));
   llvm::Value* word = b.CreateLoad(cx.i64(), b.CreateInBoundsGEP(cx.i64(), directory, b.CreateAnd(hash, mask)));
   // The chain is empty for this hash unless both its filter bits are set.
   llvm::Value* tag = b.CreateOr(b.CreateShl(cx.int64(1), b.CreateAdd(b.CreateLShr(hash, 60), cx.int64(48))),
                                 b.CreateShl(cx.int64(1), b.CreateAdd(b.CreateAnd(b.CreateLShr(hash, 56), cx.int64(15)), cx.int64(48))));
   llvm::Value* mayHold = b.CreateICmpEQ(b.CreateAnd(word, tag), tag);
   llvm::Value* first = b.CreateIntToPtr(b.CreateAnd(word, cx.int64(int64_t(ChainedHashTable::pointerBits))), cx.ptr());
   llvm::Value* head = b.CreateSelect(mayHold, first, llvm::ConstantPointerNull::get(cx.ptr()));

   Loop chain(cx, "chain", {head});
   llvm::Value* entry = chain[0];
   chain.runWhile(b.CreateIsNotNull(entry));
   llvm::Value* entryHash = b.CreateLoad(cx.i64(), b.CreateConstGEP1_64(cx.i8(), entry, offsetof(HashEntryHeader, hash)));
   cx.ifThen(b.CreateICmpEQ(entryHash, hash), [&] {
      cx.ifThen(keysEqual(entry), [&] {
         b.CreateStore(cx.boolean(true), matched);
         onMatch(entry);
         if (firstOnly) return chain.leave();
         llvm::Value* count = b.CreateAdd(b.CreateLoad(cx.i64(), matches), cx.int64(1));
         b.CreateStore(count, matches);
         cx.checkInterruptEvery4096(count);
      });
   });
   chain.repeat({b.CreateLoad(cx.ptr(), b.CreateConstGEP1_64(cx.i8(), entry, offsetof(HashEntryHeader, next)))});
   return b.CreateLoad(cx.i1(), matched);
}

/// Whether `table` has an entry whose first keys.size() fields (of `layout`) hold `keys` (whose
/// hash is `hash`), NULL equal to NULL; if so, stores it into `group`.
inline llvm::Value* findEntry(CodeContext& cx, llvm::Value* table, const RowLayout& layout, const std::vector<SqlValue>& keys, llvm::Value* hash,
                              llvm::Value* group) {
   auto& b = cx.builder();
   SqlOps ops(cx);
   return walkHashChain(
      cx, table, hash,
      [&](llvm::Value* entry) {
         llvm::Value* same = cx.boolean(true);
         for (size_t i = 0; i < keys.size(); ++i) same = b.CreateAnd(same, ops.sameKey(loadField(cx, entry, layout.fields[i]), keys[i]));
         return same;
      },
      [&](llvm::Value* entry) { b.CreateStore(entry, group); }, true);
}

/// The entry of `table` whose first keys.size() fields (of `layout`) hold `keys`, NULL equal to
/// NULL; where there is none, a new entry holding them, for which `onInsert(entry)` emits code.
inline llvm::Value* findOrInsertEntry(CodeContext& cx, llvm::Value* table, const RowLayout& layout, const std::vector<SqlValue>& keys,
                                      const std::function<void(llvm::Value*)>& onInsert = nullptr) {
   auto& b = cx.builder();
   llvm::Value* hash = hashKeys(cx, keys);
   llvm::Value* group = cx.entryAlloca(cx.ptr(), "group");
   llvm::Value* found = findEntry(cx, table, layout, keys, hash, group);
   cx.ifThen(b.CreateNot(found), [&] {
      llvm::Value* created = cx.callRuntime(runtime::kiln_hashtable_insert, {table, hash});
      for (size_t i = 0; i < keys.size(); ++i) storeField(cx, created, layout.fields[i], keys[i]);
      b.CreateStore(created, group);
      if (onInsert) onInsert(created);
   });
   return b.CreateLoad(cx.ptr(), group);
}

}  // namespace kiln
