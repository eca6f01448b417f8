#include "codegen/code_context.h"

#include <llvm/IR/MDBuilder.h>

#include "codegen/loop.h"
#include "common/physical_type.h"

namespace kiln {

/// Runtime helper prototypes in a compact code: return type, ':', argument types.
/// v void, c i8 (C bool), i i32, l i64, x i128, d double, p pointer.
static const std::unordered_map<std::string, std::string>& runtimePrototypes() {
   static const std::unordered_map<std::string, std::string> prototypes = {
      {"kiln_error", "v:i"},
      {"kiln_rowbuffer_append", "p:p"},
      {"kiln_key_bitmap_block32", "i:pp"},
      {"kiln_key_bitmap_block64", "i:pp"},
      {"kiln_index_lookup", "l:ppp"},
      {"kiln_index_lookup_list", "l:pppllp"},
      {"kiln_index_prefetch", "v:ppp"},
      {"kiln_index_probe", "p:ppp"},
      {"kiln_rowbuffer_rows", "p:p"},
      {"kiln_rowbuffer_size", "l:p"},
      {"kiln_hashtable_insert", "p:pl"},
      {"kiln_hashtable_append", "p:pl"},
      {"kiln_group_in_key_order", "p:ppll"},
      {"kiln_distinct_insert", "c:pppii"},
      {"kiln_value_list_append", "v:pppic"},
      {"kiln_percentile_cont", "d:pdc"},
      {"kiln_percentile_disc", "p:picd"},
      {"kiln_mode", "p:pic"},
      {"kiln_sort", "v:ppl"},
      {"kiln_string_equal", "c:pp"},
      {"kiln_string_compare", "i:pp"},
      {"kiln_string_hash", "l:p"},
      {"kiln_like", "c:ppci"},
      {"kiln_like_pattern", "c:pp"},
      {"kiln_concat", "v:pppp"},
      {"kiln_substring", "v:pllcpp"},
      {"kiln_upper", "v:ppp"},
      {"kiln_lower", "v:ppp"},
      {"kiln_length", "i:p"},
      {"kiln_trim", "v:ppip"},
      {"kiln_position", "i:pp"},
      {"kiln_replace", "v:ppppp"},
      {"kiln_left", "v:plcp"},
      {"kiln_concat_all", "v:pppipp"},
      {"kiln_string_agg_append", "v:pppp"},
      {"kiln_pad", "v:plpcpp"},
      {"kiln_split_part", "v:pplp"},
      {"kiln_reverse", "v:ppp"},
      {"kiln_repeat", "v:plpp"},
      {"kiln_initcap", "v:ppp"},
      {"kiln_starts_with", "c:pp"},
      {"kiln_md5", "v:ppp"},
      {"kiln_regex_compile", "p:pp"},
      {"kiln_regex_match", "c:pp"},
      {"kiln_regex_count", "i:ppl"},
      {"kiln_regex_substr", "c:pplllp"},
      {"kiln_regex_substring", "c:ppp"},
      {"kiln_regex_replace", "v:ppppp"},
      {"kiln_random", "d:"},
      {"kiln_check_interrupt", "v:"},
      {"kiln_ascii", "i:p"},
      {"kiln_chr", "v:lp"},
      {"kiln_translate", "v:ppppp"},
      {"kiln_array_from_text", "v:plcpp"},
      {"kiln_array_build", "v:ppilpp"},
      {"kiln_array_cardinality", "i:p"},
      {"kiln_array_contains", "c:pplc"},
      {"kiln_array_hash", "l:pl"},
      {"kiln_array_slice", "v:pllpp"},
      {"kiln_array_compare", "i:ppl"},
      {"kiln_array_element_text", "v:plpp"},
      {"kiln_array_unpack", "i:pppp"},
      {"kiln_array_dims", "c:ppp"},
      {"kiln_array_subscript", "c:plpp"},
      {"kiln_array_to_string", "v:ppppp"},
      {"kiln_string_to_array", "v:ppppp"},
      {"kiln_array_cat", "v:pppp"},
      {"kiln_array_add", "v:pplcpp"},
      {"kiln_array_position", "i:ppll"},
      {"kiln_array_replace", "v:ppplcpp"},
      {"kiln_quote_literal", "v:ppp"},
      {"kiln_to_timestamp_local", "l:pp"},
      {"kiln_to_date", "i:pp"},
      {"kiln_justify_interval", "v:pccp"},
      {"kiln_interval_scale", "v:pdcp"},
      {"kiln_interval_extract", "x:pi"},
      {"kiln_to_timestamp_epoch", "l:d"},
      {"kiln_quote_ident", "v:ppp"},
      {"kiln_format", "v:pppipp"},
      {"kiln_gcd", "l:llc"},
      {"kiln_lcm", "l:llc"},
      {"kiln_width_bucket_double", "i:dddi"},
      {"kiln_width_bucket_decimal", "i:xxxi"},
      {"kiln_make_date", "i:iii"},
      {"kiln_string_fit", "v:piic"},
      {"kiln_parse_integer", "l:pi"},
      {"kiln_parse_decimal", "x:pii"},
      {"kiln_parse_double", "d:pi"},
      {"kiln_parse_date", "i:p"},
      {"kiln_parse_bool", "c:p"},
      {"kiln_parse_interval", "v:pp"},
      {"kiln_format_integer", "v:lpp"},
      {"kiln_format_decimal", "v:xipp"},
      {"kiln_format_double", "v:dcpp"},
      {"kiln_format_date", "v:ipp"},
      {"kiln_format_bool", "v:cp"},
      {"kiln_format_interval", "v:ppp"},
      {"kiln_mul128_overflows", "c:xxp"},
      {"kiln_decimal_divide", "x:xxi"},
      {"kiln_i128_mod", "x:xx"},
      {"kiln_i128_div_rounded", "x:xx"},
      {"kiln_i128_div_floor", "x:xxc"},
      {"kiln_sqrt", "d:d"},
      {"kiln_cbrt", "d:d"},
      {"kiln_exp", "d:d"},
      {"kiln_ln", "d:d"},
      {"kiln_log10", "d:d"},
      {"kiln_log_base", "d:dd"},
      {"kiln_power", "d:dd"},
      {"kiln_i128_to_double", "d:xi"},
      {"kiln_double_to_decimal", "x:dii"},
      {"kiln_extract", "i:ii"},
      {"kiln_date_add_interval_micros", "l:ipi"},
      {"kiln_parse_moment", "l:pi"},
      {"kiln_round_moment", "l:li"},
      {"kiln_format_timestamptz", "v:lpp"},
      {"kiln_timestamptz_add_interval", "l:lpi"},
      {"kiln_timestamptz_trunc", "l:li"},
      {"kiln_date_to_timestamptz", "l:i"},
      {"kiln_timestamptz_to_date", "i:l"},
      {"kiln_timestamp_to_timestamptz", "l:l"},
      {"kiln_timestamptz_to_timestamp", "l:l"},
      {"kiln_timestamptz_to_time", "l:l"},
      {"kiln_date_to_timestamptz_for_comparison", "l:i"},
      {"kiln_timestamp_at_zone", "l:lp"},
      {"kiln_timestamptz_at_zone", "l:lp"},
      {"kiln_timestamp_at_offset", "l:lp"},
      {"kiln_timestamptz_at_offset", "l:lp"},
      {"kiln_to_char_timestamp", "v:lppp"},
      {"kiln_to_char_timestamptz", "v:lppp"},
      {"kiln_to_char_interval", "v:pppp"},
      {"kiln_to_char_decimal", "v:xippp"},
      {"kiln_numeric_from_decimal", "v:xipp"},
      {"kiln_numeric_from_double", "v:dcpp"},
      {"kiln_numeric_to_integer", "l:pi"},
      {"kiln_numeric_to_double", "d:pc"},
      {"kiln_numeric_to_decimal", "x:pii"},
      {"kiln_numeric_parse", "v:ppp"},
      {"kiln_numeric_format", "v:ppp"},
      {"kiln_numeric_add", "v:pppp"},
      {"kiln_numeric_subtract", "v:pppp"},
      {"kiln_numeric_multiply", "v:pppp"},
      {"kiln_numeric_divide", "v:pppp"},
      {"kiln_numeric_modulo", "v:pppp"},
      {"kiln_numeric_divide_truncated", "v:pppp"},
      {"kiln_numeric_unary", "v:piipp"},
      {"kiln_numeric_log", "v:pppp"},
      {"kiln_numeric_power", "v:pppp"},
      {"kiln_numeric_compare", "i:pp"},
      {"kiln_numeric_equal", "c:pp"},
      {"kiln_numeric_hash", "l:p"},
      {"kiln_numeric_average", "v:plpp"},
      {"kiln_numeric_average_decimal", "v:xilpp"},
      {"kiln_numeric_variance", "c:pplccpp"},
      {"kiln_numeric_width_bucket", "i:pppi"},
      {"kiln_numeric_in_range", "c:pppcc"},
      {"kiln_to_char_numeric", "v:pppp"},
      {"kiln_to_char_double", "v:dippp"},
      {"kiln_format_time", "v:lpp"},
      {"kiln_time_add_interval", "l:lpi"},
      {"kiln_format_timestamp", "v:lpp"},
      {"kiln_timestamp_add_interval", "l:lpi"},
      {"kiln_timestamp_difference", "v:llp"},
      {"kiln_timestamp_age", "v:llp"},
      {"kiln_timestamp_field", "l:li"},
      {"kiln_date_trunc", "l:li"},
      {"kiln_transaction_timestamp", "l:"},
      {"kiln_next_identity", "l:p"},
      {"kiln_sequence_next", "l:p"},
      {"kiln_sequence_current", "l:p"},
      {"kiln_sequence_last", "l:"},
      {"kiln_sequence_set", "l:plc"},
      {"kiln_current_setting", "c:pcpp"},
      {"kiln_set_config", "v:ppcpp"},
   };
   return prototypes;
}

CodeContext::CodeContext(std::string namePrefix)
   : prefix_(std::move(namePrefix)), context_(std::make_unique<llvm::LLVMContext>()) {
   module_ = std::make_unique<llvm::Module>(prefix_, *context_);
   builder_ = std::make_unique<llvm::IRBuilder<>>(*context_);
   stringType_ = llvm::StructType::create(*context_, {i64(), i64()}, "string");
   intervalType_ = llvm::StructType::create(*context_, {i32(), i32(), i64()}, "interval");
}

llvm::Type* CodeContext::valueType(SqlType type) {
   return type.id == TypeId::Boolean ? i1() : memoryType(type);
}

llvm::Type* CodeContext::memoryType(SqlType type) {
   switch (physicalTypeOf(type)) {
      case PhysicalType::Bool: return i8();
      case PhysicalType::Int16: return i16();
      case PhysicalType::Int32: return i32();
      case PhysicalType::Int64: return i64();
      case PhysicalType::Int128: return i128();
      case PhysicalType::Float: return f32();
      case PhysicalType::Double: return f64();
      case PhysicalType::Interval: return intervalType_;
      case PhysicalType::String:
      case PhysicalType::Numeric: return stringType_;
   }
   return i64();
}

llvm::Constant* CodeContext::int128(__int128 v) {
   uint64_t words[2] = {uint64_t(v), uint64_t(static_cast<unsigned __int128>(v) >> 64)};
   return llvm::ConstantInt::get(*context_, llvm::APInt(128, words));
}

llvm::CallInst* CodeContext::callRuntime(const std::string& name, llvm::ArrayRef<llvm::Value*> args) {
   auto it = runtime_.find(name);
   if (it == runtime_.end()) {
      const std::string& code = runtimePrototypes().at(name);
      auto typeOf = [&](char c) -> llvm::Type* {
         switch (c) {
            case 'v': return builder_->getVoidTy();
            case 'c': return i8();
            case 'i': return i32();
            case 'l': return i64();
            case 'x': return i128();
            case 'd': return f64();
            default: return ptr();
         }
      };
      std::vector<llvm::Type*> parameters;
      for (size_t i = 2; i < code.size(); ++i) parameters.push_back(typeOf(code[i]));
      auto* type = llvm::FunctionType::get(typeOf(code[0]), parameters, false);
      auto callee = module_->getOrInsertFunction(name, type);
      if (name == "kiln_error") llvm::cast<llvm::Function>(callee.getCallee())->setDoesNotReturn();
      it = runtime_.emplace(name, callee).first;
   }
   return builder_->CreateCall(it->second, args);
}

llvm::Function* CodeContext::beginFunction(const std::string& name, llvm::FunctionType* type) {
   function_ = llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, *module_);
   // Errors are C++ exceptions thrown by runtime helpers: they unwind through this frame.
   function_->setUWTableKind(llvm::UWTableKind::Default);
   entry_ = llvm::BasicBlock::Create(*context_, "entry", function_);
   auto* body = llvm::BasicBlock::Create(*context_, "body", function_);
   builder_->SetInsertPoint(body);
   return function_;
}

llvm::Function* CodeContext::beginPipelineFunction(const std::string& name) {
   return beginFunction(name, llvm::FunctionType::get(builder_->getVoidTy(), {ptr(), i64(), i64()}, false));
}

void CodeContext::finishFunction() {
   // The entry block holds the allocas and falls through to the body.
   llvm::IRBuilder<> entryBuilder(entry_);
   entryBuilder.CreateBr(entry_->getNextNode());
   function_ = nullptr;
   entry_ = nullptr;
}

llvm::Value* CodeContext::loadSlot(size_t slot) {
   llvm::Value* address = builder_->CreateConstInBoundsGEP1_64(ptr(), argument(0), slot);
   return builder_->CreateLoad(ptr(), address, "slot" + std::to_string(slot));
}

llvm::AllocaInst* CodeContext::entryAlloca(llvm::Type* type, const std::string& name) {
   llvm::IRBuilder<> entryBuilder(entry_, entry_->begin());
   return entryBuilder.CreateAlloca(type, nullptr, name);
}

void CodeContext::atEntry(const std::function<void(llvm::IRBuilder<>&)>& emit) {
   llvm::IRBuilder<> entryBuilder(entry_);
   emit(entryBuilder);
}

llvm::Constant* CodeContext::keepAlive(std::shared_ptr<const void> object) {
   const void* address = object.get();
   kept_.push_back(std::move(object));
   return llvm::ConstantExpr::getIntToPtr(int64(int64_t(reinterpret_cast<uintptr_t>(address))), ptr());
}

std::string CodeContext::uniqueName(const std::string& base) { return prefix_ + "_" + base + std::to_string(counter_++); }

llvm::BasicBlock* CodeContext::newBlock(const std::string& name) { return llvm::BasicBlock::Create(*context_, name, function_); }

void CodeContext::emitUnreachable(const std::function<void()>& emit) {
   llvm::BasicBlock* current = builder_->GetInsertBlock();
   builder_->SetInsertPoint(newBlock("never"));
   emit();
   if (!builder_->GetInsertBlock()->getTerminator()) builder_->CreateUnreachable();
   builder_->SetInsertPoint(current);
}

void CodeContext::emitInline(const std::function<void()>& emit) {
   emit();
   if (builder_->GetInsertBlock()->getTerminator()) builder_->SetInsertPoint(newBlock("after"));
}

void CodeContext::ifThen(llvm::Value* condition, const std::function<void()>& then) {
   // A condition known when compiling gets no branch: quick code would test the constant at run
   // time. The branch not taken is still generated (translators keep state as they go), where
   // nothing reaches it.
   if (auto* known = llvm::dyn_cast<llvm::ConstantInt>(condition)) return known->isOne() ? emitInline(then) : emitUnreachable(then);
   auto* thenBlock = newBlock("then");
   auto* after = newBlock("endif");
   builder_->CreateCondBr(condition, thenBlock, after);
   builder_->SetInsertPoint(thenBlock);
   then();
   if (!builder_->GetInsertBlock()->getTerminator()) builder_->CreateBr(after);
   builder_->SetInsertPoint(after);
}

llvm::Value* CodeContext::ifThenElse(llvm::Value* condition, const std::function<llvm::Value*()>& then,
                                     const std::function<llvm::Value*()>& otherwise) {
   if (auto* known = llvm::dyn_cast<llvm::ConstantInt>(condition)) {
      // Callers may count on `then` being generated before `otherwise`.
      llvm::Value* taken = nullptr;
      if (known->isOne()) {
         emitInline([&] { taken = then(); });
         emitUnreachable([&] { otherwise(); });
      } else {
         emitUnreachable([&] { then(); });
         emitInline([&] { taken = otherwise(); });
      }
      return taken;
   }
   auto* thenBlock = newBlock("then");
   auto* elseBlock = newBlock("else");
   auto* after = newBlock("endif");
   builder_->CreateCondBr(condition, thenBlock, elseBlock);
   builder_->SetInsertPoint(thenBlock);
   llvm::Value* a = then();
   llvm::BasicBlock* thenEnd = builder_->GetInsertBlock();
   builder_->CreateBr(after);
   builder_->SetInsertPoint(elseBlock);
   llvm::Value* b = otherwise();
   llvm::BasicBlock* elseEnd = builder_->GetInsertBlock();
   builder_->CreateBr(after);
   builder_->SetInsertPoint(after);
   if (!a) return nullptr;
   llvm::PHINode* phi = builder_->CreatePHI(a->getType(), 2);
   phi->addIncoming(a, thenEnd);
   phi->addIncoming(b, elseEnd);
   return phi;
}

void CodeContext::checkInterruptEvery4096(llvm::Value* i) {
   llvm::Value* mask = int64(4095);
   ifThen(builder_->CreateICmpEQ(builder_->CreateAnd(builder_->CreateZExtOrTrunc(i, i64()), mask), mask), [&] { callRuntime("kiln_check_interrupt", {}); });
}

void CodeContext::forRange(llvm::Value* begin, llvm::Value* end, const std::function<void(llvm::Value*)>& body) {
   Loop loop(*this, "loop", {begin});
   loop.runWhile(builder_->CreateICmpULT(loop[0], end));
   body(loop[0]);
   loop.repeat({builder_->CreateAdd(loop[0], int64(1))});
}

void CodeContext::errorIf(llvm::Value* condition, int32_t code) {
   auto* raise = newBlock("error");
   auto* after = newBlock("ok");
   builder_->CreateCondBr(condition, raise, after, llvm::MDBuilder(*context_).createBranchWeights(1, 1 << 20));
   builder_->SetInsertPoint(raise);
   callRuntime("kiln_error", {int32(code)});
   builder_->CreateUnreachable();
   builder_->SetInsertPoint(after);
}

}  // namespace kiln
