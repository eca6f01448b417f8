// Connection::stream's side of a streamed statement: the thread that runs it and the bounded
// queue of chunks between that thread and the reader.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "engine/result_chunks.h"
#include "kiln/kiln.h"

namespace kiln {

class ResultStreamImpl {
   public:
   /// Starts `sql` on `connection`, which it holds until the statement ends: 55000 when another
   /// thread holds it now.
   ResultStreamImpl(ConnectionImpl& connection, std::string sql);
   /// Stops a statement still running (in a transaction block it runs on, its rows dropped: a
   /// cancel would abort the block) and waits for its end.
   ~ResultStreamImpl();
   ResultStreamImpl(const ResultStreamImpl&) = delete;
   ResultStreamImpl& operator=(const ResultStreamImpl&) = delete;

   bool next(Result& chunk);

   private:
   /// How many chunks the statement may run ahead of the reader.
   static constexpr size_t queuedChunks = 2;

   void run(std::string sql);
   /// On the statement's thread: waits for room in the queue; drops the chunk once the reader
   /// has gone.
   void deliver(Result chunk);

   ConnectionImpl& connection_;
   ResultChunks chunks_;
   std::mutex lock_;
   std::condition_variable changed_;
   std::deque<Result> queue_;
   bool started_ = false;    // the statement's thread holds the connection (or failed to)
   bool finished_ = false;   // the last chunk is queued, or `error_` set
   bool readerGone_ = false;
   bool inBlock_ = false;    // the statement runs in a transaction block
   std::exception_ptr error_;    // the statement's, thrown by the last next()
   std::exception_ptr refused_;  // the connection is another thread's: thrown by the constructor
   std::thread thread_;
};

}  // namespace kiln
