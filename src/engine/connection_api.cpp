// Connection's calls: each holds the connection for its thread (ExclusiveUse) and hands over to
// ConnectionImpl.
#include "engine/connection_impl.h"
#include "engine/database_impl.h"
#include "engine/prepared_statement_impl.h"

namespace kiln {

Connection::Connection(Database& database) : impl_(std::make_unique<ConnectionImpl>(*database.impl_)) {}

Connection::~Connection() = default;

Result Connection::query(const std::string& sql) {
   ExclusiveUse::Scope use(impl_->inUse);
   return impl_->query(sql);
}

Result Connection::copyFrom(const std::string& sql, std::string_view rows) {
   ExclusiveUse::Scope use(impl_->inUse);
   return impl_->copyFrom(sql, rows);
}

std::vector<Result> Connection::queryAll(const std::string& sql) {
   ExclusiveUse::Scope use(impl_->inUse);
   return impl_->queryAll(sql);
}

PreparedStatement Connection::prepare(const std::string& sql) {
   ExclusiveUse::Scope use(impl_->inUse);
   return PreparedStatement(*impl_, impl_->prepare(sql));
}

void Connection::setTiming(bool on) {
   ExclusiveUse::Scope use(impl_->inUse);
   impl_->timing_ = on;
}

void Connection::cancel() { impl_->cancel(); }

}  // namespace kiln
