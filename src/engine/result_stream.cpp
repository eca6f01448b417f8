#include "engine/result_stream.h"

#include <optional>
#include <utility>

#include "engine/connection_impl.h"

namespace kiln {

ResultStreamImpl::ResultStreamImpl(ConnectionImpl& connection, std::string sql) : connection_(connection) {
   chunks_.deliver = [this](std::shared_ptr<ResultData> chunk) { deliver(Result(std::move(chunk))); };
   thread_ = std::thread(&ResultStreamImpl::run, this, std::move(sql));
   std::unique_lock hold(lock_);
   changed_.wait(hold, [&] { return started_; });
   if (refused_) {
      hold.unlock();
      thread_.join();
      std::rethrow_exception(refused_);
   }
}

ResultStreamImpl::~ResultStreamImpl() {
   bool cancel;
   {
      std::lock_guard hold(lock_);
      readerGone_ = true;
      queue_.clear();
      cancel = !finished_ && !inBlock_;
   }
   changed_.notify_all();
   if (cancel) connection_.cancel();
   thread_.join();
}

void ResultStreamImpl::run(std::string sql) {
   std::optional<ExclusiveUse::Scope> use;
   try {
      use.emplace(connection_.inUse);
   } catch (...) {
      std::lock_guard hold(lock_);
      started_ = finished_ = true;
      refused_ = std::current_exception();
      changed_.notify_all();
      return;
   }
   {
      std::lock_guard hold(lock_);
      started_ = true;
      inBlock_ = connection_.inTransaction_;
   }
   changed_.notify_all();
   connection_.streamTo_ = &chunks_;
   std::optional<Result> last;
   std::exception_ptr error;
   try {
      last = connection_.query(sql);
   } catch (...) {
      error = std::current_exception();
   }
   connection_.streamTo_ = nullptr;
   std::unique_lock hold(lock_);
   changed_.wait(hold, [&] { return readerGone_ || queue_.size() < queuedChunks; });
   if (!readerGone_) {
      if (last) queue_.push_back(std::move(*last));
      error_ = error;
   }
   use.reset();  // free before the reader hears of the end and calls on the connection
   finished_ = true;
   changed_.notify_all();
}

void ResultStreamImpl::deliver(Result chunk) {
   std::unique_lock hold(lock_);
   changed_.wait(hold, [&] { return readerGone_ || queue_.size() < queuedChunks; });
   if (readerGone_) return;
   queue_.push_back(std::move(chunk));
   changed_.notify_all();
}

bool ResultStreamImpl::next(Result& chunk) {
   std::unique_lock hold(lock_);
   changed_.wait(hold, [&] { return !queue_.empty() || finished_; });
   if (!queue_.empty()) {
      chunk = std::move(queue_.front());
      queue_.pop_front();
      changed_.notify_all();
      return true;
   }
   if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
   return false;
}

ResultStream::ResultStream(std::unique_ptr<ResultStreamImpl> impl) : impl_(std::move(impl)) {}
ResultStream::ResultStream(ResultStream&&) noexcept = default;
ResultStream& ResultStream::operator=(ResultStream&&) noexcept = default;
ResultStream::~ResultStream() = default;

bool ResultStream::next(Result& chunk) { return impl_->next(chunk); }

ResultStream Connection::stream(const std::string& sql) { return ResultStream(std::make_unique<ResultStreamImpl>(*impl_, sql)); }

}  // namespace kiln
