// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface IToken {
    function transfer(address to, uint256 value) external returns (bool);
}

/// A contract that moves tokens it holds (tests only), as a contract wallet or a batch payer does:
/// `relay()` sends the amount to the recipient its owner last set, so the very same transaction mined
/// again after a reorganisation, once the owner has set another recipient or amount, makes another
/// transfer (the same hash, the same order among the token's logs).
contract TransferRelay {
    address public immutable owner;
    IToken public immutable token;
    address public to;
    uint256 public amount;

    constructor(IToken token_) {
        owner = msg.sender;
        token = token_;
    }

    function set(address to_, uint256 amount_) external {
        require(msg.sender == owner, "only the owner");
        to = to_;
        amount = amount_;
    }

    function relay() external {
        require(token.transfer(to, amount), "transfer failed");
    }
}
