namespace EventCommitLab.Contract;

/// <summary>
/// A strategy type whose guarantees are fixed by its type: its registration carries them, so the catalog knows what
/// each strategy claims (refusal messages, the groups it is judged in) without building one on a store.
/// </summary>
public interface IClaimsGuarantees
{
    /// <summary>What every instance of the type claims; its <see cref="ICommitStrategy.Guarantees"/>.</summary>
    static abstract StrategyGuarantees Claims { get; }
}
