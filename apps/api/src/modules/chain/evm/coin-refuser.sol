// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// A contract that refuses the network's coin (tests only), as many contract wallets and token
/// contracts do: a plain transfer to it reverts while `refusing` is on. Its deployer switches it, so
/// a test can make a transfer that succeeded revert when mined again after a reorganisation.
contract CoinRefuser {
    address public immutable owner;
    bool public refusing;

    constructor(bool refusing_) {
        owner = msg.sender;
        refusing = refusing_;
    }

    function setRefusing(bool refusing_) external {
        require(msg.sender == owner, "only the owner");
        refusing = refusing_;
    }

    receive() external payable {
        require(!refusing, "coins refused");
    }
}
