#pragma once

// The shape every typed parameter set follows (params.h, device_params.h):
// a struct naming its method (kMethod), `Json encode(const P &)`, and a
// specialisation of decode<P> that answers the contract's invalid-params
// error for what it cannot use and ignores unknown keys.

#include "rpc/contract/envelope.h"

#include <variant>

namespace dt::rpc {

template <class P>
using Decoded = std::variant<P, Error>;
template <class P>
Decoded<P> decode(const Json &params);

// The refusal every decoder answers with.
inline Error invalidParams(std::string message)
{
    return Error{code::InvalidParams, std::move(message)};
}

} // namespace dt::rpc
