#pragma once

// What the typed-parameter tests ask of a decoder: the refusal's words
// (and that it is the contract's invalid-params error), or the decoded set.

#include "rpc/contract/params.h"

#include <gtest/gtest.h>

#include <string>

namespace dt::rpc::test {

template <class P>
std::string refusal(const Json &j)
{
    const Decoded<P> d = decode<P>(j);
    if (!std::holds_alternative<Error>(d))
        return "(accepted)";
    EXPECT_EQ(std::get<Error>(d).code, code::InvalidParams);
    return std::get<Error>(d).msg;
}

template <class P>
P decoded(const Json &j)
{
    const Decoded<P> d = decode<P>(j);
    EXPECT_TRUE(std::holds_alternative<P>(d)) << j.dump();
    return std::holds_alternative<P>(d) ? std::get<P>(d) : P{};
}

} // namespace dt::rpc::test
