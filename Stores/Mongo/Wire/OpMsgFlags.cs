namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>OP_MSG flag bits. Bits 0-15 are required: a receiver must refuse a message with one it does not know.</summary>
[Flags]
public enum OpMsgFlags : uint
{
    None = 0,

    /// <summary>The message ends with a CRC-32C checksum. The lab's client never sends one.</summary>
    ChecksumPresent = 1 << 0,

    /// <summary>Another message follows without a reply in between.</summary>
    MoreToCome = 1 << 1,

    /// <summary>The client accepts exhaust replies. Never set by the lab's client.</summary>
    ExhaustAllowed = 1 << 16,
}
