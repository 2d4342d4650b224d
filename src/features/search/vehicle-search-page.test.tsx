import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import VehicleSearchPage from './vehicle-search-page';

describe('VehicleSearchPage', () => {
  it('shows the search panel on a page of its own', () => {
    renderWithApp(<VehicleSearchPage />, { route: '/vehicleSearch' });
    expect(screen.getByRole('heading', { level: 1, name: 'Search Vehicles' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'FIND VEHICLE OWNER' })).toBeInTheDocument();
  });
});
